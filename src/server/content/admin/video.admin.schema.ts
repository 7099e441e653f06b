import { z } from '@hono/zod-openapi';
import { pagedSchema } from '../../admin/content-list.ts';
import { translationsSchema } from '../../admin/translations.ts';
import { Count, plainText } from '../../stored/fields.ts';
import { VIDEO_FILE_NAME } from '../content.schemas.ts';
import { ConsoleStatusFields, InstantInput, SitePathInput, SlugInput } from './console-content.ts';

// A video as the console writes and reads it: the supporters' names (slug, name, description,
// videoSourceType, thumbnailSrc, durationSeconds, value, publishedAt, minimumWatchSeconds) plus `source`
// (a stored clip's name from POST /admin/uploads/videos, or a YouTube id), the Spanish texts and its status.

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const MAX_SECONDS = 6 * 3600;

export const VideoInputSchema = z.object({
  slug: SlugInput.optional().openapi({ description: 'The page address /media/videos/{slug}; left out: made of the name.' }),
  name: plainText(200),
  description: z.string().trim().max(5000).default(''),
  videoSourceType: z.enum(['file', 'youtube']),
  source: z.string().trim().min(1).max(100).openapi({ description: '`file`: a stored clip (`<sha256>.mp4` or `.webm`); `youtube`: the video id (11 characters).' }),
  thumbnailSrc: SitePathInput.openapi({ description: 'The poster: an upload (POST /admin/uploads/images) or a path on this site.' }),
  durationSeconds: Count.min(1).max(MAX_SECONDS),
  value: Count.max(100_000).default(0),
  publishedAt: InstantInput.openapi({ description: 'Supporters see it from this moment (once published).' }),
  minimumWatchSeconds: Count.min(1).max(MAX_SECONDS).nullable().default(null)
    .openapi({ description: 'Seconds of playing before a view pays; null: 80% of the duration, at most 30 s.' }),
  translations: translationsSchema({ name: plainText(200), description: z.string().trim().max(5000) }),
}).refine((v) => (v.videoSourceType === 'file' ? VIDEO_FILE_NAME : YOUTUBE_ID).test(v.source), { path: ['source'], message: 'api.adminMedia.sourceFormat' })
  .refine((v) => v.minimumWatchSeconds === null || v.minimumWatchSeconds <= v.durationSeconds, {
    path: ['minimumWatchSeconds'], message: 'api.adminMedia.watchLongerThanVideo',
  })
  .openapi('AdminVideoInput');
export type VideoInput = z.output<typeof VideoInputSchema>;

export const AdminVideoSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  videoSourceType: z.enum(['file', 'youtube']),
  source: z.string(),
  thumbnailSrc: z.string(),
  durationSeconds: z.number().int(),
  value: z.number().int(),
  publishedAt: z.string(),
  minimumWatchSeconds: z.number().int().nullable().openapi({ description: "The club's own threshold; null: the rule's." }),
  watchSeconds: z.number().int().openapi({ description: 'The threshold in force: seconds of playing before a view pays.' }),
  translations: z.object({ es: z.object({ name: z.string().optional(), description: z.string().optional() }).optional() }),
  ...ConsoleStatusFields,
}).openapi('AdminVideo');
export type AdminVideo = z.infer<typeof AdminVideoSchema>;

export const AdminVideoPageSchema = pagedSchema(AdminVideoSchema).openapi('AdminVideoPage');
export type VideoInputBody = z.input<typeof VideoInputSchema>;
export type AdminVideoPage = z.infer<typeof AdminVideoPageSchema>;
