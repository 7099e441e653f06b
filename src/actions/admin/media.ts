// The console's stories, videos and articles (/admin/{stories,videos,articles}), each form declared once:
// save (create or update, the whole form; a video's with its clip, if one is chosen), change (duplicate,
// publish, archive) and a picture's upload.
// The forms post FormData as it is (no input schema): the fields are many and named by the API's.
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import {
  changeMedia, createMedia, previewArticleBody, updateMedia, uploadMediaClip, uploadMediaImage, type MediaCollection,
} from '~/features/admin-media/admin-media.api.ts';
import { clipRefusal } from '~/features/admin-media/clip-field.ts';
import { fieldLabel } from '~/features/admin-media/field-labels.ts';
import { formValuesFrom, inputOf, isMediaCollection } from '~/features/admin-media/media-form.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callApi } from '../api-call.ts';
import { staffApi } from './staff-call.ts';

const CHANGES = ['duplicate', 'publish', 'archive'] as const;
const DONE = { duplicate: 'adminMedia.duplicated', publish: 'adminMedia.published', archive: 'adminMedia.archived' } as const;

function collectionOf(form: FormData, t: App.Locals['t']): MediaCollection {
  const collection = form.get('collection');
  if (typeof collection !== 'string' || !isMediaCollection(collection)) throw new ActionError({ code: 'BAD_REQUEST', message: t('admin.failed') });
  return collection;
}

/** The API's refusal with every field it names, each by its label on the form. */
function call<T>(context: Parameters<typeof staffApi>[0], request: Promise<T>): Promise<T> {
  return callApi(context, request, (problem, t) => {
    const fields = Object.entries(problem.details);
    return fields.length ? fields.map(([field, words]) => `${fieldLabel(t, field)}: ${words}`).join(' ') : (problem.message || t('admin.failed'));
  }, 'admin.signedOut');
}

/**
 * An upload's call: the API's 415 (not a picture, not a clip) is the operator's file, said beside the form
 * as a 400; a 415 from the action itself is what answerAction answers alone, as a body that is no form.
 */
async function sendUpload<T>(context: Parameters<typeof staffApi>[0], request: Promise<T>): Promise<T> {
  try {
    return await call(context, request);
  } catch (error) {
    if (error instanceof ActionError && error.code === 'UNSUPPORTED_MEDIA_TYPE') throw new ActionError({ code: 'BAD_REQUEST', message: error.message });
    throw error;
  }
}

/**
 * A video form's clip, stored as sent (the API audits the upload); its name becomes the video's source. Refused
 * before a copy is sent on when it is no video by its type or larger than the API takes (the API looks at its
 * bytes); every refusal names the clip's field.
 */
async function storeClip(context: Parameters<typeof staffApi>[0], clip: Blob): Promise<string> {
  const { t } = context.locals;
  const refusal = clipRefusal(clip, t);
  if (refusal) throw new ActionError({ code: 'BAD_REQUEST', message: `${fieldLabel(t, 'clip')}: ${refusal}` });
  try {
    return (await sendUpload(context, uploadMediaClip(staffApi(context), clip))).name;
  } catch (error) {
    if (error instanceof ActionError && error.code === 'BAD_REQUEST') throw new ActionError({ code: 'BAD_REQUEST', message: `${fieldLabel(t, 'clip')}: ${error.message}` });
    throw error;
  }
}

export const media = {
  save: defineAction({
    accept: 'form',
    handler: async (form: FormData, context) => {
      const { t, organization } = context.locals;
      const collection = collectionOf(form, t);
      const id = typeof form.get('id') === 'string' ? String(form.get('id')) : '';
      const values = formValuesFrom(form);
      const api = staffApi(context);
      const clip = collection === 'videos' ? form.get('clip') : null;
      if (clip instanceof Blob && clip.size > 0) {
        const source = await storeClip(context, clip);
        Object.assign(values, { videoSourceType: 'file', source });
        // A refusal below brings the page back with the clip as the source: it is not chosen and sent again.
        context.locals.storedClip = source;
      }
      const input = inputOf(collection, values, organization.timeZone);
      const headers = idempotencyHeaders(form);
      const saved = await call(context, id
        ? updateMedia(api, collection, id, input as never, { headers })
        : createMedia(api, collection, input as never, { headers }));
      return { collection, id: saved.id, toast: { title: t(id ? 'adminMedia.saved' : 'adminMedia.created') } };
    },
  }),
  change: defineAction({
    accept: 'form',
    handler: async (form: FormData, context) => {
      const { t } = context.locals;
      const collection = collectionOf(form, t);
      const change = form.get('change');
      const id = form.get('id');
      if (typeof id !== 'string' || !id || !CHANGES.includes(change as (typeof CHANGES)[number])) {
        throw new ActionError({ code: 'BAD_REQUEST', message: t('admin.failed') });
      }
      const done = change as (typeof CHANGES)[number];
      const item = await call(context, changeMedia(staffApi(context), collection, id, done, { headers: idempotencyHeaders(form) }));
      return { collection, id: item.id, toast: { title: t(DONE[done]) } };
    },
  }),
  /** The article form's live preview (its script): Markdown as the saved body would be; stores nothing. */
  preview: defineAction({
    accept: 'json',
    input: z.object({ markdown: z.string().max(20_000) }),
    handler: async ({ markdown }, context) => call(context, previewArticleBody(staffApi(context), markdown)),
  }),
  upload: defineAction({
    accept: 'form',
    handler: async (form: FormData, context) => {
      const { t } = context.locals;
      const collection = collectionOf(form, t);
      const picture = form.get('picture');
      if (!(picture instanceof Blob) || picture.size === 0) throw new ActionError({ code: 'BAD_REQUEST', message: t('adminMedia.choosePicture') });
      const stored = await sendUpload(context, uploadMediaImage(staffApi(context), picture));
      return { collection, url: stored.url, toast: { title: t('adminMedia.uploaded') } };
    },
  }),
};
