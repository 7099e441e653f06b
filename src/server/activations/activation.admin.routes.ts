import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import QRCode from 'qrcode';
import { allow } from '../operators/operator.middleware.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { errorResponses, validationHook } from '../openapi.ts';
import { clubAdminRoutes } from '../admin/club-admin.routes.ts';
import { activationAdmin } from './activation.admin.ts';
import { findActivationForOperator } from './activation.repository.ts';
import { activationAddress } from '../../shared/activation-address.ts';

const qrRoute = createRoute({
  method: 'get', path: '/admin/activations/{slug}/qr.svg',
  summary: "Operator: the activation's QR code, an SVG encoding PUBLIC_URL/a/{slug}",
  description: 'Black on white with a four-module quiet zone and error correction level Q, so it still scans printed '
    + 'small or a little worn. Scanning opens /a/{slug}: a signed-out supporter signs in and lands back there.',
  security: [{ admin: [] }],
  middleware: [allow('read')] as const,
  request: {
    params: z.object({ slug: z.string().min(1).max(100).openapi({ param: { name: 'slug', in: 'path' }, description: 'The slug or the id.' }) }),
  },
  responses: {
    200: { description: 'The QR code', content: { 'image/svg+xml': { schema: z.string() } } },
    ...errorResponses(401, 403, 404, 422),
  },
});

/** /admin/activations: the console's list, forms and poster (the QR route first: `{id}` would match `qr.svg`'s path otherwise). */
export const activationAdminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(qrRoute, async (c) => {
    const activation = await findActivationForOperator(c.get('db'), c.req.valid('param').slug);
    if (!activation) throw new ApiError('not_found', 'api.activations.notFound');
    const svg = await QRCode.toString(activationAddress(c.get('deps').publicUrl, activation.slug), {
      type: 'svg', margin: 4, width: 512, errorCorrectionLevel: 'Q', color: { dark: '#000000', light: '#ffffff' },
    });
    c.header('Content-Disposition', `inline; filename="activation-${activation.slug.replace(/[^A-Za-z0-9-]/g, '-')}.svg"`);
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
  });
activationAdminRoutes.route('/', clubAdminRoutes(activationAdmin));

// The console's shapes, for the web app's API modules (type-only imports).
export type { AdminActivation } from './activation.admin.ts';
