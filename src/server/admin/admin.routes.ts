import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { audit } from '../audit/audit.ts';
import { listOutcomes } from '../challenges/challenge.repository.ts';
import { setOutcome } from '../challenges/pickem.service.ts';
import type { AppEnv } from '../env.ts';
import { allow } from '../operators/operator.middleware.ts';
import { dataResponse, errorResponses, validationHook, jsonBody, type Answer } from '../openapi.ts';

const outcomeRoute = createRoute({
  method: 'post', path: '/admin/challenges/{id}/outcome', middleware: [allow('content')] as const,
  summary: "Editor: sets a pick'em's outcome and awards every correct pick once",
  description: "Correct picks earn the chosen option's points (else the challenge's value) through the ledger, key "
    + '`challenge:<id>`. Calling again with the same outcome awards nothing more; a different outcome answers 422 `outcome_already_set`.',
  security: [{ admin: [] }],
  request: {
    params: z.object({ id: z.string().min(1).openapi({ param: { name: 'id', in: 'path' } }) }),
    body: jsonBody(z.object({ responseIndex: z.number().int().min(0) }).openapi('PickemOutcome')),
  },
  responses: {
    200: dataResponse('The outcome in force and the number of picks awarded by this call', z.object({ challengeId: z.string(), outcome: z.number().int(), awarded: z.number().int() })),
    ...errorResponses(401, 403, 404, 422),
  },
});

/** Operator endpoints of challenges (the console's content routes join them). */
export const adminRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
adminRoutes.openapi(outcomeRoute, async (c) => {
  const { id } = c.req.valid('param');
  const { responseIndex } = c.req.valid('json');
  const data = await c.get('db').transaction().execute(async (trx) => {
    const before = (await listOutcomes(trx, [id])).get(id) ?? null;
    const result = await setOutcome(trx, c.get('caller').organizationId, id, responseIndex);
    await audit(c, trx, { action: 'challenge.outcome', kind: 'challenge', id, before: { outcome: before }, after: result });
    return result;
  });
  return c.json({ data }, 200);
});

/** What setting an outcome answers: the outcome in force and the picks this call paid. */
export type PickemOutcomeResult = Answer<typeof outcomeRoute, 200>['data'];
