import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { setOutcome } from '../challenges/pickem.service.ts';
import type { AppEnv } from '../env.ts';
import { dataResponse, errorResponses, validationHook, jsonBody } from '../openapi.ts';
import { requireAdmin } from './admin.middleware.ts';

const outcomeRoute = createRoute({
  method: 'post', path: '/admin/challenges/{id}/outcome',
  summary: "Operator: sets a pick'em's outcome and awards every correct pick once",
  description: "Correct picks earn the chosen option's points (else the challenge's value) through the ledger, key "
    + '`challenge:<id>`. Calling again with the same outcome awards nothing more; a different outcome answers 422 `outcome_already_set`.',
  security: [{ admin: [] }],
  request: {
    params: z.object({ id: z.string().min(1).openapi({ param: { name: 'id', in: 'path' } }) }),
    body: jsonBody(z.object({ responseIndex: z.number().int().min(0) }).openapi('PickemOutcome')),
  },
  responses: {
    200: dataResponse('The outcome in force and the number of picks awarded by this call', z.object({ challengeId: z.string(), outcome: z.number().int(), awarded: z.number().int() })),
    ...errorResponses(401, 404, 422),
  },
});

/** Operator endpoints: open to the caller middleware, guarded here by ADMIN_TOKEN. */
export const adminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
adminRoutes.use('/admin/*', requireAdmin);
adminRoutes.openapi(outcomeRoute, async (c) => {
  const { id } = c.req.valid('param');
  const { responseIndex } = c.req.valid('json');
  const data = await c.get('db').transaction().execute((trx) => setOutcome(trx, id, responseIndex));
  return c.json({ data }, 200);
});
