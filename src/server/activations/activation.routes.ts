import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, errorResponses, validationHook, jsonBody } from '../openapi.ts';
import { activate, getActivation, getActivations, getBadges } from './activation.service.ts';
import { retryOnceIfRaceLost } from '../db/errors.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { ActivationSchema, EarnedBadgeSchema, ActivationResultSchema } from './activation.schema.ts';

const IdParam = z.object({
  id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, description: 'The id or the slug.' }),
});
const ActivateBody = z.object({
  slug: z.string().min(1).max(100).openapi({ example: 'matchday-millbank' }),
}).openapi('ActivateUser');
const security = [{ bearer: [] }];

const listRoute = createRoute({
  method: 'get', path: '/activations/list', summary: "The organization's activations, in the order of their windows", security,
  description: 'The organization key is enough; a signed-in supporter also gets `earnedAt`.',
  responses: {
    200: dataResponse('Activations', z.array(ActivationSchema)),
    ...errorResponses(401),
  },
});
const getRoute = createRoute({
  method: 'get', path: '/activations/{id}', summary: 'One activation by id or slug', security,
  request: { params: IdParam },
  responses: {
    200: dataResponse('The activation', ActivationSchema),
    ...errorResponses(401, 404, 422),
  },
});
const activateRoute = createRoute({
  method: 'post', path: '/activations/activate-user', middleware: [commitsWithItsWrite] as const, summary: "Gives a signed-in supporter the activation's badge and pays its points, once",
  description: 'Inside the window (startsAt up to stopsAt) the first call records the badge and pays `points` through the '
    + 'ledger (key `activation:<id>`); it answers the `badges` earned and the new `standing`. Outside the window: 422 '
    + '`activation_not_started` or `activation_over`. A supporter who has the badge gets it back with `alreadyEarned: true` '
    + 'and nothing paid, whenever they ask.',
  security,
  request: { body: jsonBody(ActivateBody) },
  responses: {
    200: dataResponse('Activated', ActivationResultSchema),
    ...errorResponses(401, 404, 422),
  },
});
const badgesRoute = createRoute({
  method: 'get', path: '/user/me/badges', summary: "The signed-in supporter's badges, the newest first", security,
  responses: {
    200: dataResponse('Badges', z.array(EarnedBadgeSchema)),
    ...errorResponses(401),
  },
});

// `/activations/list` before `/activations/{id}`: the first route that matches answers.
export const activationRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await getActivations(c.get('db'), { organizationId, userId, locale: requestLocale(c) }) }, 200);
  })
  .openapi(activateRoute, async (c) => {
    const caller = { organizationId: c.get('caller').organizationId, userId: requireUserId(c.get('caller')), locale: requestLocale(c) };
    // The badge, its points, its Idempotency-Key's answer and the page versions: one commit.
    return retryOnceIfRaceLost(() => answerInOneCommit(c, (trx) => activate(trx, caller, c.req.valid('json').slug)));
  })
  .openapi(getRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await getActivation(c.get('db'), { organizationId, userId, locale: requestLocale(c) }, c.req.valid('param').id) }, 200);
  })
  .openapi(badgesRoute, async (c) => {
    const userId = requireUserId(c.get('caller'));
    return c.json({ data: await getBadges(c.get('db'), userId) }, 200);
  });
