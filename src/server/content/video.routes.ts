import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, errorResponses, validationHook } from '../openapi.ts';
import { StandingSchema } from '../users/standing.schema.ts';
import { getPlaylist, listPlaylists, openPlaylist } from './playlist.service.ts';
import { getVideo, listVideos, startWatching, viewVideo } from './video.service.ts';
import { retryOnceIfRaceLost } from '../db/errors.ts';

const VideoSchema = z.object({
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

const WatchTicketSchema = z.object({
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

const VideoViewResultSchema = z.object({
  video: VideoSchema,
  pointsAwarded: z.number().int().openapi({ description: "The video's value on the first accepted view, 0 after." }),
  playlistsCompleted: z.array(PlaylistCompletionSchema).openapi({
    description: 'Playlists this view completed (every video in them viewed), paid their points in the same transaction; usually empty.',
  }),
  standing: StandingSchema,
}).openapi('VideoViewResult');

const PlaylistSchema = z.object({
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

const IdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, description: 'The id or the slug.' }) });
const security = [{ bearer: [] }];

const listRoute = createRoute({
  method: 'get', path: '/content/videos', summary: 'Published videos, newest first', security,
  responses: { 200: dataResponse('Videos', z.array(VideoSchema)), ...errorResponses(401) },
});
const getRoute = createRoute({
  method: 'get', path: '/content/videos/{id}', summary: 'One published video by id or slug', security,
  request: { params: IdParam },
  responses: { 200: dataResponse('The video', VideoSchema), ...errorResponses(401, 404) },
});
const ticketRoute = createRoute({
  method: 'post', path: '/content/videos/{id}/ticket', summary: 'Starts watching: a signed watch ticket', security,
  description: 'Asked for when playback starts. The ticket is an HMAC over the supporter, the video and this moment; '
    + 'the view is accepted from `acceptedFrom` on. Writes nothing: a new ticket restarts the clock.',
  request: { params: IdParam },
  responses: { 200: dataResponse('The ticket', WatchTicketSchema), ...errorResponses(401, 404) },
});
const viewRoute = createRoute({
  method: 'post', path: '/content/videos/{id}/view', summary: 'Records a view and pays its points, once',
  description: 'The `checksum` is the `ticket` of POST /content/videos/{id}/ticket. Refused with 422 `checksum_invalid` when it was '
    + 'not signed here for this supporter and video (or is a day old), and 422 `view_too_early` before `minimumWatchSeconds` have '
    + 'passed since it was issued. A repeat pays nothing (`pointsAwarded` 0). A view that completes a playlist pays the playlist '
    + 'too, in the same transaction (`playlistsCompleted`). The answer carries the new `standing`.',
  security,
  request: {
    params: IdParam,
    body: { required: true, content: { 'application/json': { schema: z.object({ checksum: z.string().min(1).max(200) }).openapi('VideoView') } } },
  },
  responses: { 200: dataResponse('Viewed', VideoViewResultSchema), ...errorResponses(401, 404, 422) },
});
const playlistsRoute = createRoute({
  method: 'get', path: '/content/playlists', summary: 'The six built-in playlists with their videos and the caller’s progress', security,
  responses: { 200: dataResponse('Playlists', z.array(PlaylistSchema)), ...errorResponses(401) },
});
const playlistRoute = createRoute({
  method: 'get', path: '/content/playlists/{id}', summary: 'One built-in playlist by id or slug', security,
  request: { params: IdParam },
  responses: { 200: dataResponse('The playlist', PlaylistSchema), ...errorResponses(401, 404) },
});
const openRoute = createRoute({
  method: 'post', path: '/content/playlists/{id}/open', summary: 'Records that the supporter opened a playlist (its viewedAt)', security,
  description: 'The first opening sets `viewedAt` (and `isNew` becomes false); later ones change nothing. Pays nothing.',
  request: { params: IdParam },
  responses: { 200: dataResponse('The playlist', PlaylistSchema), ...errorResponses(401, 404) },
});

export const videoRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await listVideos(c.get('db'), { organizationId, userId }) }, 200);
  })
  .openapi(getRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await getVideo(c.get('db'), { organizationId, userId }, c.req.valid('param').id) }, 200);
  })
  .openapi(ticketRoute, async (c) => {
    const caller = { organizationId: c.get('caller').organizationId, userId: requireUserId(c.get('caller')) };
    return c.json({ data: await startWatching(c.get('db'), caller, c.req.valid('param').id, c.get('deps').secret) }, 200);
  })
  .openapi(viewRoute, async (c) => {
    const caller = { organizationId: c.get('caller').organizationId, userId: requireUserId(c.get('caller')) };
    const db = c.get('db');
    const view = () => db.transaction().execute((trx) => viewVideo(
      trx, caller, c.req.valid('param').id, c.req.valid('json').checksum, c.get('deps').secret, requestLocale(c),
    ));
    const data = await retryOnceIfRaceLost(view);
    return c.json({ data }, 200);
  })
  .openapi(playlistsRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await listPlaylists(c.get('db'), { organizationId, userId }, requestLocale(c)) }, 200);
  })
  .openapi(playlistRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await getPlaylist(c.get('db'), { organizationId, userId }, c.req.valid('param').id, requestLocale(c)) }, 200);
  })
  .openapi(openRoute, async (c) => {
    const caller = { organizationId: c.get('caller').organizationId, userId: requireUserId(c.get('caller')) };
    return c.json({ data: await openPlaylist(c.get('db'), caller, c.req.valid('param').id, requestLocale(c)) }, 200);
  });

// The answers' shapes, for the web app's API modules (type-only imports: no server code reaches the browser).
export type Video = z.infer<typeof VideoSchema>;
export type WatchTicket = z.infer<typeof WatchTicketSchema>;
export type VideoViewResult = z.infer<typeof VideoViewResultSchema>;
export type Playlist = z.infer<typeof PlaylistSchema>;
