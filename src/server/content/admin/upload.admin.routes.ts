import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { audit } from '../../audit/audit.ts';
import type { AppEnv } from '../../env.ts';
import { readUpload } from '../../media/media.service.ts';
import { allow } from '../../operators/operator.middleware.ts';
import { dataResponse, errorResponses, validationHook } from '../../openapi.ts';
import { ADMIN_CLIP_LIMIT, ADMIN_CLIP_TYPES, ADMIN_IMAGE_LIMIT, ADMIN_IMAGE_TYPES } from '../../../shared/limits.ts';
import { storeAdminClip, storeAdminImage } from './upload.admin.service.ts';

const binary = { schema: z.string().openapi({ type: 'string', format: 'binary' }) };
const security = [{ admin: [] }];
const StoredImageSchema = z.object({ name: z.string(), url: z.string(), width: z.number().int(), height: z.number().int(), byteSize: z.number().int() });
const StoredClipSchema = z.object({ name: z.string(), url: z.string(), byteSize: z.number().int() });
/** What the console's upload forms read back (type-only imports in the web app). */
export type StoredImage = z.infer<typeof StoredImageSchema>;
export type StoredClip = z.infer<typeof StoredClipSchema>;

const imageRoute = createRoute({
  method: 'post', path: '/admin/uploads/images', middleware: [allow('content')] as const, security,
  summary: 'Editor: uploads a picture: the raw bytes as the body (JPEG, PNG or WebP, at most 10 MB)',
  description: 'Stored upright as WebP without metadata, at most 1600 px on its longest side, named by its content hash. '
    + 'Its `url` is what a story chapter, a cover or a poster takes as `mediaId` / `thumbnailSrc`.',
  request: { body: { required: true, content: Object.fromEntries(ADMIN_IMAGE_TYPES.map((t) => [t, binary])) } },
  responses: {
    201: dataResponse('Stored', StoredImageSchema),
    ...errorResponses(401, 403, 413, 415, 422),
  },
});

const clipRoute = createRoute({
  method: 'post', path: '/admin/uploads/videos', middleware: [allow('content')] as const, security,
  summary: 'Editor: uploads a video clip: the raw bytes as the body (MP4 or WebM, at most 50 MB)',
  description: "Stored as sent, named by its content hash: the `name` is a video's `source` (videoSourceType `file`).",
  request: { body: { required: true, content: Object.fromEntries(ADMIN_CLIP_TYPES.map((t) => [t, binary])) } },
  responses: {
    201: dataResponse('Stored', StoredClipSchema),
    ...errorResponses(401, 403, 413, 415, 422),
  },
});

/** /admin/uploads: the console's pictures and clips; each upload is in the audit trail. */
export const uploadAdminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(imageRoute, async (c) => {
    const bytes = await readUpload(c.req.raw, ADMIN_IMAGE_LIMIT, ADMIN_IMAGE_TYPES);
    const data = await storeAdminImage(c.get('media'), bytes);
    await audit(c, c.get('db'), { action: 'media.upload', kind: 'media', id: data.name, before: null, after: data });
    return c.json({ data }, 201);
  })
  .openapi(clipRoute, async (c) => {
    const bytes = await readUpload(c.req.raw, ADMIN_CLIP_LIMIT, ADMIN_CLIP_TYPES, 'api.adminMedia.sendClip');
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const data = await storeAdminClip(c.get('media'), bytes, type);
    await audit(c, c.get('db'), { action: 'media.upload', kind: 'media', id: data.name, before: null, after: data });
    return c.json({ data }, 201);
  });
