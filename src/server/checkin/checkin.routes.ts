import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { dataResponse, ErrorSchema, errorResponses, validationHook } from '../openapi.ts';
import { checkIn, getCheckinState, refusedWhenRaceLost } from './checkin.service.ts';
import { CheckinResultSchema, CheckinSchema } from './checkin.schema.ts';

const stateRoute = createRoute({
  method: 'get', path: '/checkin', summary: "The user's check-in streak and whether they can check in today",
  security: [{ bearer: [] }],
  responses: { 200: dataResponse('The streak', CheckinSchema), ...errorResponses(401) },
});

const checkinRoute = createRoute({
  method: 'post', path: '/checkin',
  summary: 'Checks in for today: awards the organization\'s checkinPoints, plus checkinStreakBonus on every 7th day of a streak',
  security: [{ bearer: [] }],
  responses: {
    200: dataResponse("Checked in: the streak, what it awarded and the supporter's new balances and rank (`standing`)", CheckinResultSchema),
    ...errorResponses(401),
    422: { description: 'Already checked in today: code `already_checked_in` (a refusal, not to be retried)', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

export const checkinRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(stateRoute, async (c) => {
    const caller = c.get('caller');
    const data = await getCheckinState(c.get('db'), { ...caller, userId: requireUserId(caller) });
    return c.json({ data }, 200);
  })
  .openapi(checkinRoute, async (c) => {
    const caller = c.get('caller');
    const userId = requireUserId(caller);
    const data = await c.get('db').transaction()
      .execute((trx) => checkIn(trx, { organizationId: caller.organizationId, userId }))
      .catch(refusedWhenRaceLost);
    return c.json({ data }, 200);
  });

// The answers' shapes, for the web app's API modules (type-only imports: no server code reaches the browser).
