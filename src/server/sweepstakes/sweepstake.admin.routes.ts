import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { audit } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { allow } from '../operators/operator.middleware.ts';
import { dataResponse, errorResponses, validationHook, jsonBody } from '../openapi.ts';
import { createForOperator } from './sweepstake.create.ts';
import { CancelResultSchema, DrawResultSchema, NewSweepstakeSchema, SweepstakeSchema } from './sweepstake.schema.ts';
import { cancelSweepstake, drawSweepstake } from './sweepstake.operator.ts';
import { clubAdminRoutes } from '../admin/club-admin.routes.ts';
import { sweepstakeAdmin } from './sweepstake.admin.ts';

const IdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, description: 'The sweepstake id.' }) });
const security = [{ admin: [] }];

const newRoute = createRoute({
  method: 'post', path: '/admin/sweepstakes', security, middleware: [allow('content')] as const,
  summary: 'Editor: creates a sweepstake with its secret seed; its SHA-256 commitment is public from now on',
  description: 'For the operator\'s organization. `slug` is its address (/sweepstakes/{slug}), unique in the '
    + 'organization. With the organization setting `drawBeaconUrl` (a drand chain), the chain\'s first round after `endsAt` is '
    + 'announced and mixed into the draw (503 while the chain cannot be reached).',
  request: { body: jsonBody(NewSweepstakeSchema) },
  responses: {
    201: dataResponse('Created', SweepstakeSchema),
    ...errorResponses(401, 403, 404, 422, 503),
  },
});

const drawRoute = createRoute({
  method: 'post', path: '/admin/sweepstakes/{id}/draw', security, middleware: [allow('draw')] as const,
  summary: 'Owner: reveals the seed and draws the winners (after endsAt); a second call answers the same draw',
  description: 'Freezes the entry list if it is not yet, draws by the published procedure (docs/features.md: "A draw anyone can verify") and '
    + 'mails the winners in the language of this request (Accept-Language); a winner whose mail failed is mailed by the next call. '
    + '422 `draw_not_allowed` before endsAt or for a cancelled sweepstake; 503 while an announced beacon round is not out.',
  request: { params: IdParam },
  responses: {
    200: dataResponse('The draw', DrawResultSchema),
    ...errorResponses(401, 403, 404, 422, 503),
  },
});

const cancelRoute = createRoute({
  method: 'post', path: '/admin/sweepstakes/{id}/cancel', security, middleware: [allow('draw')] as const,
  summary: 'Owner: cancels a sweepstake not yet drawn and refunds every paid entry through the ledger, once',
  request: { params: IdParam },
  responses: {
    200: dataResponse('Cancelled', CancelResultSchema),
    ...errorResponses(401, 403, 404, 422),
  },
});

/** Operator endpoints for sweepstakes: editors make them, owners draw or cancel them; each write audited. */
export const sweepstakeAdminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(newRoute, async (c) => {
    const db = c.get('db');
    const data = await createForOperator(db, c.get('operator').organizationId, c.req.valid('json'));
    await audit(c, db, { action: 'sweepstake.create', kind: 'sweepstake', id: data.sweepstakeId, after: data });
    return c.json({ data }, 201);
  })
  .openapi(drawRoute, async (c) => {
    const { db, mailer, publicUrl } = c.get('deps');
    const data = await drawSweepstake({ db, mailer, publicUrl, locale: requestLocale(c) }, c.req.valid('param').id);
    await audit(c, db, { action: 'sweepstake.draw', kind: 'sweepstake', id: data.sweepstakeId, after: data });
    return c.json({ data }, 200);
  })
  .openapi(cancelRoute, async (c) => {
    const db = c.get('db');
    const data = await cancelSweepstake(db, c.req.valid('param').id);
    await audit(c, db, { action: 'sweepstake.cancel', kind: 'sweepstake', id: data.sweepstakeId, after: data });
    return c.json({ data }, 200);
  });

/** The console's list, one sweepstake with its public record, changes before it starts, a draft copy, archive, publish. */
sweepstakeAdminRoutes.route('/', clubAdminRoutes(sweepstakeAdmin));

// The console's shapes, for the web app's API modules (type-only imports).
export type { AdminSweepstake } from './sweepstake.admin.ts';
