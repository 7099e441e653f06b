import type { AstroGlobal } from 'astro';
import { actions } from 'astro:actions';
import { staffOf } from '~/features/admin/staff.ts';
import { unlessMissing } from './unless-missing.ts';
import { answerAction, readPostedForm } from '~/lib/forms/form-action.server.ts';
import { can } from '~/shared/operator-roles.ts';
import { getMedia, type AdminArticle, type AdminStory, type AdminVideo, type MediaCollection } from './admin-media.api.ts';
import { fieldLabel } from './field-labels.ts';
import { formValuesFrom, formValuesOf, type FormValues } from './media-form.ts';
import { TOO_LARGE_PARAM } from '~/shared/limits.ts';

// What an item's console page (/admin/{stories,videos,articles}/{id|new}) loads and answers: its forms'
// results (save, change, a picture's upload: a redirect, or a refusal shown beside the form), the item and
// the form's values (the posted ones after a refusal, so nothing typed is lost; with the clip a refused
// video save stored as the source, so it is not chosen and sent again). A form too large for the request
// gate comes back here with TOO_LARGE_PARAM, said beside the form whose file it must have been.

const AUDIT_KIND = { stories: 'story', videos: 'video', articles: 'article' } as const;

export interface ItemPage {
  collection: MediaCollection;
  item: AdminStory | AdminVideo | AdminArticle | undefined;
  values: FormValues;
  refusal: string | undefined;
  uploadRefusal: string | undefined;
  uploaded: string | undefined;
  /** The clip a refused save stored, now the form's source. */
  clip: string | undefined;
  canWrite: boolean;
  auditKind: string;
}

/** A video's form is the one that takes a large file (its clip); a story's or an article's, the picture's. */
function tooLargeRefusal(collection: MediaCollection, t: App.Locals['t']): { refusal?: string; uploadRefusal?: string } {
  return collection === 'videos'
    ? { refusal: `${fieldLabel(t, 'clip')}: ${t('adminMedia.clipTooLarge')}` }
    : { uploadRefusal: `${fieldLabel(t, 'picture')}: ${t('adminMedia.pictureTooLarge')}` };
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

  const item = id === 'new' ? undefined : await unlessMissing(getMedia(api, collection, id));
  if (id !== 'new' && !item) {
    astro.locals.notFound = { path: astro.url.pathname };
    return astro.rewrite('/404');
  }
  const posted = save.refusal ? await readPostedForm(astro) : undefined;
  const values = posted ? formValuesFrom(posted) : formValuesOf(collection, item, astro.locals.organization.timeZone);
  const clip = posted && astro.locals.storedClip;
  if (clip) Object.assign(values, { videoSourceType: 'file', source: clip });
  const tooLarge = astro.url.searchParams.has(TOO_LARGE_PARAM) ? tooLargeRefusal(collection, astro.locals.t) : {};
  const uploaded = astro.url.searchParams.get('uploaded') ?? undefined;
  return {
    collection, item, values, refusal: save.refusal ?? change.refusal ?? tooLarge.refusal, uploadRefusal: upload.refusal ?? tooLarge.uploadRefusal,
    clip: clip || undefined,
    uploaded: uploaded && /^\/api\/media\/[a-f0-9]{64}\.webp$/.test(uploaded) ? uploaded : undefined,
    canWrite: can(operator.role, 'content'), auditKind: AUDIT_KIND[collection],
  };
}
