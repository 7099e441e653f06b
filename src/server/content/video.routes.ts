import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, errorResponses, validationHook, jsonBody } from '../openapi.ts';
import { getPlaylist, listPlaylists, openPlaylist } from './playlist.service.ts';
import { getVideo, listVideos, startWatching, viewVideo } from './video.service.ts';
import { retryOnceIfRaceLost } from '../db/errors.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { VideoSchema, WatchTicketSchema, VideoViewResultSchema, PlaylistSchema } from './video.schema.ts';

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
  method: 'post', path: '/content/videos/{id}/view', middleware: [commitsWithItsWrite] as const, summary: 'Records a view and pays its points, once',
  description: 'The `checksum` is the `ticket` of POST /content/videos/{id}/ticket. Refused with 422 `checksum_invalid` when it was '
    + 'not signed here for this supporter and video (or is a day old), and 422 `view_too_early` before `minimumWatchSeconds` have '
    + 'passed since it was issued. A repeat pays nothing (`pointsAwarded` 0). A view that completes a playlist pays the playlist '
    + 'too, in the same transaction (`playlistsCompleted`). The answer carries the new `standing`.',
  security,
  request: {
    params: IdParam,
    body: jsonBody(z.object({ checksum: z.string().min(1).max(200) }).openapi('VideoView')),
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
  method: 'post', path: '/content/playlists/{id}/open', middleware: [commitsWithItsWrite] as const, summary: 'Records that the supporter opened a playlist (its viewedAt)', security,
  description: 'The first opening sets `viewedAt` (and `isNew` becomes false); later ones change nothing. Pays nothing.',
  request: { params: IdParam },
  responses: { 200: dataResponse('The playlist', PlaylistSchema), ...errorResponses(401, 404) },
});

export const videoRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await listVideos(c.get('db'), { organizationId, userId, locale: requestLocale(c) }) }, 200);
  })
  .openapi(getRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await getVideo(c.get('db'), { organizationId, userId, locale: requestLocale(c) }, c.req.valid('param').id) }, 200);
  })
  .openapi(ticketRoute, async (c) => {
    const caller = { organizationId: c.get('caller').organizationId, userId: requireUserId(c.get('caller')) };
    return c.json({ data: await startWatching(c.get('db'), caller, c.req.valid('param').id, c.get('deps').secret) }, 200);
  })
  .openapi(viewRoute, async (c) => {
    const caller = { organizationId: c.get('caller').organizationId, userId: requireUserId(c.get('caller')) };
    // The view's award (a playlist's with it), its Idempotency-Key's answer and the page versions: one commit.
    const { id } = c.req.valid('param');
    const { checksum } = c.req.valid('json');
    return retryOnceIfRaceLost(() => answerInOneCommit(c, (trx) => viewVideo(trx, caller, id, checksum, c.get('deps').secret, requestLocale(c))));
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
    const { id } = c.req.valid('param');
    return answerInOneCommit(c, (trx) => openPlaylist(trx, caller, id, requestLocale(c)));
  });
