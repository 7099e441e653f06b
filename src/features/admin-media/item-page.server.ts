import type { AstroGlobal } from 'astro';
import { actions } from 'astro:actions';
import { listAudit } from '~/features/admin/admin.api.ts';
import { staffOf } from '~/features/admin/staff.ts';
import { unlessMissing } from './unless-missing.ts';
import { answerAction, readPostedForm } from '~/lib/forms/form-action.server.ts';
import { can } from '~/shared/operator-roles.ts';
import { getMedia, type AdminArticle, type AdminStory, type AdminVideo, type MediaCollection } from './admin-media.api.ts';
import { formValuesFrom, formValuesOf, type FormValues } from './media-form.ts';

// What an item's console page (/admin/{stories,videos,articles}/{id|new}) loads and answers: its three
// forms' results (save, change, upload: a redirect, or a refusal shown beside the form), the item, the
// form's values (the posted ones after a refusal, so nothing typed is lost) and its history.

const AUDIT_KIND = { stories: 'story', videos: 'video', articles: 'article' } as const;
const HISTORY_SHOWN = 20;

export interface ItemPage {
  collection: MediaCollection;
  item: AdminStory | AdminVideo | AdminArticle | undefined;
  values: FormValues;
  refusal: string | undefined;
  uploadRefusal: string | undefined;
  uploaded: string | undefined;
  canWrite: boolean;
  history: Awaited<ReturnType<typeof listAudit>>['entries'];
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

  const item = id === 'new' ? undefined : await unlessMissing(getMedia(api, collection, id));
  if (id !== 'new' && !item) {
    astro.locals.notFound = { path: astro.url.pathname };
    return astro.rewrite('/404');
  }
  const posted = save.refusal ? await readPostedForm(astro) : undefined;
  const values = posted ? formValuesFrom(posted) : formValuesOf(collection, item, astro.locals.organization.timeZone);
  const history = item ? (await listAudit(api, { kind: AUDIT_KIND[collection], subject: item.id, limit: HISTORY_SHOWN })).entries : [];
  const uploaded = astro.url.searchParams.get('uploaded') ?? undefined;
  return {
    collection, item, values, refusal: save.refusal ?? change.refusal, uploadRefusal: upload.refusal,
    uploaded: uploaded && /^\/api\/media\/[a-f0-9]{64}\.webp$/.test(uploaded) ? uploaded : undefined,
    canWrite: can(operator.role, 'content'), history, auditKind: AUDIT_KIND[collection],
  };
}
