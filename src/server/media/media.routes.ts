import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { ApiError, msg } from '../errors.ts';
import { dataResponse, errorResponses, validationHook, type Answer, jsonBody } from '../openapi.ts';
import { UserSchema } from '../users/user.schema.ts';
import { getCurrentUser } from '../users/user.service.ts';
import {
  findStoredVideo, MEDIA_NAME, MEDIA_TYPES, mediaUrl, parseByteRange, readMedia, readUpload, setAvatar, uploadAvatarImage,
  type MediaExtension,
} from './media.service.ts';

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
    const name = await uploadAvatarImage(c.get('db'), c.get('deps').mediaDir, userId, bytes);
    return c.json({ data: { name, url: mediaUrl(name) } }, 201);
  })
  .openapi(setAvatarRoute, async (c) => {
    const userId = requireUserId(c.get('caller'));
    await setAvatar(c.get('db'), c.get('deps').mediaDir, userId, c.req.valid('json').name);
    return c.json({ data: await getCurrentUser(c.get('db'), userId, undefined, requestLocale(c)) }, 200);
  })
  .openapi(serveRoute, async (c) => {
    const { name } = c.req.valid('param');
    const bytes = await readMedia(c.get('deps').mediaDir, name);
    if (!bytes) throw new ApiError('not_found', msg('api.media.notFound', { name }));
    const [hash, extension] = name.split('.') as [string, MediaExtension];
    const etag = `"${hash}"`;
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('ETag', etag);
    c.header('X-Content-Type-Options', 'nosniff');
    // Public files with no credentials: a page may fetch them from a CDN origin (the rules PDF as a Blob).
    c.header('Access-Control-Allow-Origin', '*');
    // Chrome shows a PDF through an embedded viewer that `default-src 'none'` (every other answer's policy)
    // would block: a PDF may not be framed, and nothing more.
    if (extension === 'pdf') c.header('Content-Security-Policy', "frame-ancestors 'none'");
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': MEDIA_TYPES[extension] });
  });

export const videoFileRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(serveVideoRoute, async (c) => {
    const { name } = c.req.valid('param');
    const file = await findStoredVideo(c.get('deps').mediaDir, name);
    if (!file) throw new ApiError('not_found', msg('api.media.videoNotFound', { name }));
    const etag = `"${name.slice(0, 64)}"`;
    const type = name.endsWith('.webm') ? 'video/webm' : 'video/mp4';
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
    const headers: Record<string, string> = { 'Content-Type': type, 'Content-Length': String(end - start + 1) };
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
    const status = range ? 206 : 200;
    // HEAD: the headers alone, without opening the file.
    if (c.req.method === 'HEAD' || file.size === 0) return c.body(null, status, headers);
    const stream = Readable.toWeb(createReadStream(file.path, { start, end })) as ReadableStream<Uint8Array>;
    return c.body(stream, status, headers);
  });

// The answers' shapes, for the web app's API modules (type-only imports: no server code reaches the browser).
export type MediaUpload = Answer<typeof uploadRoute, 201>['data'];
