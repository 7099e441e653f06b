import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { ApiError, msg } from '../errors.ts';
import { dataResponse, errorResponses, validationHook, type Answer, jsonBody } from '../openapi.ts';
import { UserSchema } from '../users/user.schema.ts';
import { getCurrentUser } from '../users/user.service.ts';
import {
  findStoredMedia, findStoredVideo, MEDIA_NAME, mediaUrl, parseByteRange, readUpload, setAvatar, uploadAvatarImage,
} from './media.service.ts';
import { contentTypeOf, type ByteRange } from './media.store.ts';

const MediaName = z.string().openapi({ example: `${'3f'.repeat(32)}.webp` });
const binary = { schema: z.string().openapi({ type: 'string', format: 'binary' }) };

const uploadRoute = createRoute({
  method: 'post', path: '/media', security: [{ bearer: [] }],
  summary: 'Uploads an avatar image: the raw bytes as the body (JPEG, PNG or WebP, at most 5 MB)',
  description: 'Stored as a 512 px square WebP without metadata, named by its content hash.',
  request: { body: { required: true, content: { 'image/jpeg': binary, 'image/png': binary, 'image/webp': binary } } },
  responses: {
    201: dataResponse('Stored', z.object({ name: MediaName, url: z.string() })),
    ...errorResponses(401, 413, 415),
  },
});

const setAvatarRoute = createRoute({
  method: 'post', path: '/media/set-avatar', summary: "Makes one of the user's uploads their avatar", security: [{ bearer: [] }],
  request: {
    body: jsonBody(z.object({
      name: z.string({ error: 'api.media.sendName' })
        .regex(MEDIA_NAME, 'api.media.nameFormat'),
    }).openapi('SetAvatar')),
  },
  responses: {
    200: dataResponse('The user with the new avatarUrl', UserSchema),
    ...errorResponses(401, 404, 422),
  },
});

const serveRoute = createRoute({
  method: 'get', path: '/media/{name}', summary: 'An uploaded image or a sweepstake\'s rules PDF (immutable: its name is its content hash)',
  description: 'Public and cacheable for a year, with `Access-Control-Allow-Origin: *`, so it can sit behind a content delivery network '
    + '(MEDIA_BASE_URL) and a page on this site can fetch it as a Blob from there.',
  request: { params: z.object({ name: MediaName }) },
  responses: {
    200: { description: 'The file', content: { 'image/webp': binary, 'application/pdf': binary } },
    304: { description: 'Not modified (If-None-Match)' },
    ...errorResponses(404),
  },
});

const VideoName = z.string().openapi({ example: `${'3f'.repeat(32)}.mp4`, description: 'The content hash of the clip and its container (mp4 or webm).' });
const videoBinary = { 'video/mp4': binary, 'video/webm': binary };

const serveVideoRoute = createRoute({
  method: 'get', path: '/media/videos/{name}', summary: 'A stored video clip, with HTTP range requests (immutable: named by its content hash)',
  description: 'Sends `Accept-Ranges: bytes`; a single `Range: bytes=a-b` (or `a-`, or `-n`) answers 206 with `Content-Range`; a range '
    + 'starting past the end answers 416; several ranges at once, or an `If-Range` that is not the current ETag, get the whole file.',
  request: { params: z.object({ name: VideoName }) },
  responses: {
    200: { description: 'The whole clip', content: videoBinary },
    206: { description: 'The requested bytes', content: videoBinary },
    304: { description: 'Not modified (If-None-Match)' },
    ...errorResponses(404, 416),
  },
});

// Anonymous callers get their 401 before the body is looked at.
const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  requireUserId(c.get('caller'));
  await next();
});

const routes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
routes.use('/media', signedIn);
routes.use('/media/set-avatar', signedIn);

export const mediaRoutes = routes
  .openapi(uploadRoute, async (c) => {
    const userId = requireUserId(c.get('caller'));
    const bytes = await readUpload(c.req.raw);
    const name = await uploadAvatarImage(c.get('db'), c.get('media'), userId, bytes);
    return c.json({ data: { name, url: mediaUrl(name) } }, 201);
  })
  .openapi(setAvatarRoute, async (c) => {
    const userId = requireUserId(c.get('caller'));
    await setAvatar(c.get('db'), c.get('media'), userId, c.req.valid('json').name);
    return c.json({ data: await getCurrentUser(c.get('db'), userId, undefined, requestLocale(c)) }, 200);
  })
  .openapi(serveRoute, async (c) => {
    const { name } = c.req.valid('param');
    const file = await findStoredMedia(c.get('media'), name);
    if (!file) throw new ApiError('not_found', msg('api.media.notFound', { name }));
    const etag = `"${name.slice(0, 64)}"`;
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('ETag', etag);
    c.header('X-Content-Type-Options', 'nosniff');
    // Public files with no credentials: a page may fetch them from a CDN origin (the rules PDF as a Blob).
    c.header('Access-Control-Allow-Origin', '*');
    // Chrome shows a PDF through an embedded viewer that `default-src 'none'` (every other answer's policy)
    // would block: a PDF may not be framed, and nothing more.
    if (name.endsWith('.pdf')) c.header('Content-Security-Policy', "frame-ancestors 'none'");
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    return sendStored(c, name, { 'Content-Type': contentTypeOf(name), 'Content-Length': String(file.size) }, 200);
  });

export const videoFileRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(serveVideoRoute, async (c) => {
    const { name } = c.req.valid('param');
    const file = await findStoredVideo(c.get('media'), name);
    if (!file) throw new ApiError('not_found', msg('api.media.videoNotFound', { name }));
    const etag = `"${name.slice(0, 64)}"`;
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('ETag', etag);
    c.header('Accept-Ranges', 'bytes');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    // An If-Range naming another version asks for the whole (new) file.
    const ifRange = c.req.header('if-range');
    const range = ifRange === undefined || ifRange === etag ? parseByteRange(c.req.header('range'), file.size) : undefined;
    if (range === 'unsatisfiable') {
      c.header('Content-Range', `bytes */${file.size}`);
      throw new ApiError('range_not_satisfiable', msg('api.media.rangeNotSatisfiable', { size: file.size }));
    }
    const { start, end } = range ?? { start: 0, end: file.size - 1 };
    const headers: Record<string, string> = { 'Content-Type': contentTypeOf(name), 'Content-Length': String(end - start + 1) };
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
    return sendStored(c, name, headers, range ? 206 : 200, range);
  });

/**
 * A stored file's bytes streamed from the media store (a folder or a bucket), never whole in memory. HEAD and
 * an empty file get the headers alone, without opening the file: a stream opened and never read would hold
 * a file handle, or a connection to the bucket, until collected.
 */
async function sendStored(
  c: Context<AppEnv>, name: string, headers: Record<string, string>, status: 200 | 206, range?: ByteRange,
) {
  if (c.req.method === 'HEAD' || headers['Content-Length'] === '0') return c.body(null, status, headers);
  const stream = await c.get('media').read(name, range);
  // Removed between the look and the read (a supporter erased a moment ago).
  if (!stream) throw new ApiError('not_found', msg(headers['Content-Type']!.startsWith('video/') ? 'api.media.videoNotFound' : 'api.media.notFound', { name }));
  return c.body(stream, status, headers);
}

// The answers' shapes, for the web app's API modules (type-only imports: no server code reaches the browser).
export type MediaUpload = Answer<typeof uploadRoute, 201>['data'];
