import { z } from '@hono/zod-openapi';
import { StandingSchema } from '../users/standing.schema.ts';

export const VideoSchema = z.object({
  id: z.string(),
  slug: z.string().openapi({ description: 'The page address: /media/videos/{slug}.' }),
  name: z.string(),
  description: z.string(),
  videoSourceType: z.enum(['file', 'youtube']).openapi({
    description: '`file`: play `src` in a native <video> (`mimeType`; served with range requests). `youtube`: a click-to-load '
      + 'facade, with the `src` embed (youtube-nocookie.com) loaded only after the tap; `externalUrl` for a visitor without script.',
  }),
  value: z.number().int().openapi({ description: 'Points for watching it, once per supporter.' }),
  thumbnailSrc: z.string().openapi({ description: 'The poster, a path on this site (never a third-party address).' }),
  durationSeconds: z.number().int(),
  publishedAt: z.string(),
  minimumWatchSeconds: z.number().int().openapi({ description: 'How long after its watch ticket a view is accepted: 80% of the duration, at most 30 s.' }),
  src: z.string(),
  mimeType: z.string().nullable(),
  externalUrl: z.string().nullable(),
  viewed: z.boolean().openapi({ description: 'The caller has been paid for watching it; false for anonymous callers.' }),
}).openapi('Video');

export const WatchTicketSchema = z.object({
  ticket: z.string().openapi({ description: 'Send it back as `checksum` to POST /content/videos/{id}/view.' }),
  issuedAt: z.string(),
  minimumWatchSeconds: z.number().int(),
  acceptedFrom: z.string().openapi({ description: 'The earliest moment the view is accepted: `issuedAt` plus `minimumWatchSeconds`.' }),
}).openapi('WatchTicket');

const PlaylistCompletionSchema = z.object({
  id: z.string(),
  title: z.string(),
  pointsAwarded: z.number().int(),
}).openapi('PlaylistCompletion');

export const VideoViewResultSchema = z.object({
  video: VideoSchema,
  pointsAwarded: z.number().int().openapi({ description: "The video's value on the first accepted view, 0 after." }),
  playlistsCompleted: z.array(PlaylistCompletionSchema).openapi({
    description: 'Playlists this view completed (every video in them viewed), paid their points in the same transaction; usually empty.',
  }),
  standing: StandingSchema,
}).openapi('VideoViewResult');

export const PlaylistSchema = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string().openapi({ description: 'Its page: /media/playlists/{id}.' }),
  title: z.string().openapi({ description: "In the request's language (the six playlists are built into the product)." }),
  description: z.string(),
  thumbnail: z.string().nullable().openapi({ description: "Its first video's poster; null while it holds none." }),
  videos: z.array(VideoSchema),
  points: z.number().int().openapi({ description: 'Paid once, when every video in it has been viewed (5).' }),
  isNew: z.boolean().openapi({ description: 'The caller has not opened it yet (always true for anonymous callers).' }),
  viewedAt: z.string().nullable().openapi({ description: 'When the caller first opened it.' }),
  viewedCount: z.number().int().openapi({ description: 'How many of its videos the caller has viewed.' }),
  completed: z.boolean().openapi({ description: "The playlist's points have been paid to the caller." }),
}).openapi('Playlist');

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type Video = z.infer<typeof VideoSchema>;
export type WatchTicket = z.infer<typeof WatchTicketSchema>;
export type VideoViewResult = z.infer<typeof VideoViewResultSchema>;
export type Playlist = z.infer<typeof PlaylistSchema>;
export type PlaylistCompletion = z.infer<typeof PlaylistCompletionSchema>;
