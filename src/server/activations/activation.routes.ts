import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { dataResponse, errorResponses, validationHook } from '../openapi.ts';
import { StandingSchema } from '../users/standing.schema.ts';
import { activate, getActivation, getActivations, getBadges } from './activation.service.ts';
import { retryOnceIfRaceLost } from '../db/errors.ts';

const BadgeSchema = z.object({
  name: z.string().openapi({ example: 'Riverside regular' }),
  image: z.string().openapi({ example: '/images/badges/matchday-millbank.svg', description: 'The badge picture, a path on this site.' }),
}).openapi('Badge');

const ActivationSchema = z.object({
  id: z.string(),
  slug: z.string().openapi({ example: 'matchday-millbank', description: 'The scannable address is /a/{slug}.' }),
  title: z.string(),
  description: z.string(),
  badge: BadgeSchema,
  points: z.number().int().openapi({ description: 'Paid once per supporter with the badge.' }),
  startsAt: z.string(),
  stopsAt: z.string(),
  status: z.enum(['upcoming', 'open', 'over']).openapi({
    description: 'Where the window stands now, as the server sees it: before startsAt, until stopsAt, after.',
  }),
  earnedAt: z.string().nullable().openapi({ description: 'When the caller earned the badge; null when not, and for anonymous callers.' }),
}).openapi('Activation');

const EarnedBadgeSchema = BadgeSchema.extend({
  activationId: z.string(),
  slug: z.string(),
  title: z.string().openapi({ description: "The activation's title: where the badge was earned." }),
  earnedAt: z.string(),
}).openapi('EarnedBadge');

const ActivationResultSchema = z.object({
  activation: ActivationSchema,
  badges: z.array(EarnedBadgeSchema).openapi({ description: 'The badges this activation gave (its one badge), also on a repeat.' }),
  alreadyEarned: z.boolean().openapi({ description: 'The supporter had the badge already: nothing was written or paid this time.' }),
  pointsAwarded: z.number().int().openapi({ description: "The activation's points the first time, 0 after." }),
  standing: StandingSchema,
}).openapi('ActivationResult');

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
  method: 'post', path: '/activations/activate-user', summary: "Gives a signed-in supporter the activation's badge and pays its points, once",
  description: 'Inside the window (startsAt up to stopsAt) the first call records the badge and pays `points` through the '
    + 'ledger (key `activation:<id>`); it answers the `badges` earned and the new `standing`. Outside the window: 422 '
    + '`activation_not_started` or `activation_over`. A supporter who has the badge gets it back with `alreadyEarned: true` '
    + 'and nothing paid, whenever they ask.',
  security,
  request: { body: { required: true, content: { 'application/json': { schema: ActivateBody } } } },
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
    return c.json({ data: await getActivations(c.get('db'), { organizationId, userId }) }, 200);
  })
  .openapi(activateRoute, async (c) => {
    const caller = { organizationId: c.get('caller').organizationId, userId: requireUserId(c.get('caller')) };
    const db = c.get('db');
    const run = () => db.transaction().execute((trx) => activate(trx, caller, c.req.valid('json').slug));
    const data = await retryOnceIfRaceLost(run);
    return c.json({ data }, 200);
  })
  .openapi(getRoute, async (c) => {
    const { organizationId, userId } = c.get('caller');
    return c.json({ data: await getActivation(c.get('db'), { organizationId, userId }, c.req.valid('param').id) }, 200);
  })
  .openapi(badgesRoute, async (c) => {
    const userId = requireUserId(c.get('caller'));
    return c.json({ data: await getBadges(c.get('db'), userId) }, 200);
  });

// The answers' shapes, for the web app's API modules (type-only imports: no server code reaches the browser).
export type Activation = z.infer<typeof ActivationSchema>;
export type ActivationResult = z.infer<typeof ActivationResultSchema>;
export type EarnedBadge = z.infer<typeof EarnedBadgeSchema>;
