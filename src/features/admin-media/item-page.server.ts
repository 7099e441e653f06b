import type { AstroGlobal } from 'astro';
import { actions } from 'astro:actions';
import { staffOf } from '~/features/admin/staff.ts';
import { unlessMissing } from './unless-missing.ts';
import { answerAction, readPostedForm } from '~/lib/forms/form-action.server.ts';
import { can } from '~/shared/operator-roles.ts';
import { getMedia, type AdminArticle, type AdminStory, type AdminVideo, type MediaCollection } from './admin-media.api.ts';
import { formValuesFrom, formValuesOf, type FormValues } from './media-form.ts';

// What an item's console page (/admin/{stories,videos,articles}/{id|new}) loads and answers: its forms'
// results (save, change, a picture's upload, a video's clip: a redirect, or a refusal shown beside the form),
// the item and the form's values (the posted ones after a refusal, so nothing typed is lost; after a clip's
// upload, the item's with that clip as its source, so the editor only saves).

const AUDIT_KIND = { stories: 'story', videos: 'video', articles: 'article' } as const;
/** A stored clip's name (its content hash), as the clip's upload answers it. */
const CLIP_NAME = /^[a-f0-9]{64}\.(?:mp4|webm)$/;

export interface ItemPage {
  collection: MediaCollection;
  item: AdminStory | AdminVideo | AdminArticle | undefined;
  values: FormValues;
  refusal: string | undefined;
  uploadRefusal: string | undefined;
  uploaded: string | undefined;
  clipRefusal: string | undefined;
  /** The clip just uploaded, now the form's source. */
  clip: string | undefined;
  canWrite: boolean;
  auditKind: string;
}

export async function itemPage(astro: AstroGlobal, collection: MediaCollection): Promise<Response | ItemPage> {
  const { api, operator } = staffOf(astro.locals);
  const id = astro.params['id'] ?? 'new';
  const itemPath = (data: { collection: string; id: string }) => `/admin/${data.collection}/${encodeURIComponent(data.id)}`;
  const save = answerAction(astro, astro.getActionResult(actions.admin.media.save), (d) => d.toast, itemPath);
  if (save instanceof Response) return save;
  const change = answerAction(astro, astro.getActionResult(actions.admin.media.change), (d) => d.toast, itemPath);
  if (change instanceof Response) return change;
  const upload = answerAction(astro, astro.getActionResult(actions.admin.media.upload), (d) => d.toast,
    (d) => `${astro.url.pathname}?uploaded=${encodeURIComponent(d.url)}`);
  if (upload instanceof Response) return upload;
  const clipUpload = answerAction(astro, astro.getActionResult(actions.admin.media.clip), (d) => d.toast,
    (d) => `${astro.url.pathname}?clip=${encodeURIComponent(d.name)}`);
  if (clipUpload instanceof Response) return clipUpload;

  const item = id === 'new' ? undefined : await unlessMissing(getMedia(api, collection, id));
  if (id !== 'new' && !item) {
    astro.locals.notFound = { path: astro.url.pathname };
    return astro.rewrite('/404');
  }
  const posted = save.refusal ? await readPostedForm(astro) : undefined;
  const values = posted ? formValuesFrom(posted) : formValuesOf(collection, item, astro.locals.organization.timeZone);
  const requested = astro.url.searchParams.get('clip') ?? '';
  const clip = !posted && collection === 'videos' && CLIP_NAME.test(requested) ? requested : undefined;
  if (clip) Object.assign(values, { videoSourceType: 'file', source: clip });
  const uploaded = astro.url.searchParams.get('uploaded') ?? undefined;
  return {
    collection, item, values, refusal: save.refusal ?? change.refusal, uploadRefusal: upload.refusal, clipRefusal: clipUpload.refusal, clip,
    uploaded: uploaded && /^\/api\/media\/[a-f0-9]{64}\.webp$/.test(uploaded) ? uploaded : undefined,
    canWrite: can(operator.role, 'content'), auditKind: AUDIT_KIND[collection],
  };
}
