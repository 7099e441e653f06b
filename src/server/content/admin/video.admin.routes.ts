import { toVideo } from '../video.model.ts';
import { VideoSchema } from '../video.schema.ts';
import { findVideoRow } from './media-rows.repository.ts';
import { consoleContentRoutes } from './console-content.routes.ts';
import { AdminVideoPageSchema, AdminVideoSchema, VideoInputSchema } from './video.admin.schema.ts';
import {
  createAdminVideo, duplicateAdminVideo, getAdminVideo, listAdminVideos, setAdminVideoState, updateAdminVideo,
} from './video.admin.service.ts';

/** /admin/videos: the console's videos (an uploaded clip or a YouTube id). */
export const videoAdminRoutes = consoleContentRoutes({
  kind: 'video', collection: 'videos', noun: 'a video', item: AdminVideoSchema, page: AdminVideoPageSchema, input: VideoInputSchema,
  list: (db, org, query) => listAdminVideos(db, org, query),
  get: (db, org, id) => getAdminVideo(db, org, id),
  create: (trx, org, input, { media, now }) => createAdminVideo(trx, org, input, media, now),
  update: (trx, org, id, input, { media, now }) => updateAdminVideo(trx, org, id, input, media, now),
  duplicate: (trx, org, id, { media, now }) => duplicateAdminVideo(trx, org, id, media, now),
  setState: (trx, org, id, state) => setAdminVideoState(trx, org, id, state),
  preview: { schema: VideoSchema, read: async (db, org, id, locale) => { const row = await findVideoRow(db, org, id); return row && toVideo(row, false, locale); } },
});
