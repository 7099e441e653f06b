import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import { Email } from '../session/session.routes.ts';
import type { AppEnv } from '../env.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, errorResponses, validationHook, jsonBody } from '../openapi.ts';
import { ProfilePatchSchema } from './profile.schema.ts';
import { markWelcomed, updateProfile } from './profile.service.ts';
import { readPoints } from './standing.ts';
import { assertAdult, getCurrentUser } from './user.service.ts';
import { PointsSchema, UserSchema } from './user.schema.ts';


const meRoute = createRoute({
  method: 'get', path: '/user/me', summary: 'The signed-in user (401: nobody is signed in)', security: [{ bearer: [] }],
  responses: { 200: dataResponse('The user', UserSchema), ...errorResponses(401) },
});

const pointsRoute = createRoute({
  method: 'get', path: '/user/me/points', summary: "The user's spendable and lifetime points", security: [{ bearer: [] }],
  description: 'Reads the two balances and nothing else: unlike GET /user/me it pays no birthday bonus.',
  responses: {
    200: dataResponse('Points', PointsSchema),
    ...errorResponses(401),
  },
});

const patchRoute = createRoute({
  method: 'patch', path: '/user/me', middleware: [commitsWithItsWrite] as const, summary: 'Updates the profile (201 is success)', security: [{ bearer: [] }],
  request: { body: jsonBody(ProfilePatchSchema) },
  responses: { 201: dataResponse('Updated', UserSchema), ...errorResponses(401, 403, 422) },
});

const identifyRoute = createRoute({
  method: 'post', path: '/user/me/identify', summary: "Links an e-mail address to the user's analytics identity", security: [{ bearer: [] }],
  request: { body: jsonBody(z.object({ email: Email })) },
  responses: {
    200: dataResponse('Identified', z.object({ distinctId: z.string(), email: z.string() })),
    ...errorResponses(401, 422),
  },
});

const welcomedRoute = createRoute({
  method: 'post', path: '/user/me/welcome', middleware: [commitsWithItsWrite] as const, summary: 'Marks the onboarding welcome as seen', security: [{ bearer: [] }],
  responses: { 201: dataResponse('Welcomed', UserSchema), ...errorResponses(401, 403) },
});

export const userRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(meRoute, async (c) => {
    const data = await getCurrentUser(c.get('db'), requireUserId(c.get('caller')), c.get('caller'), requestLocale(c));
    return c.json({ data }, 200);
  })
  .openapi(pointsRoute, async (c) => {
    const { points, lifetimePoints } = await readPoints(c.get('db'), requireUserId(c.get('caller')));
    return c.json({ data: { points, lifetime_points: lifetimePoints } }, 200);
  })
  .openapi(patchRoute, async (c) => {
    const userId = requireUserId(c.get('caller'));
    const patch = c.req.valid('json');
    return answerInOneCommit(c, async (trx) => {
      // /profile/edit is closed to under-18 users (spec section 6), so its call is too.
      assertAdult(await getCurrentUser(trx, userId), 'api.underage.profileEdit');
      await updateProfile(trx, userId, patch);
      return getCurrentUser(trx, userId, undefined, requestLocale(c));
    }, 201);
  })
  .openapi(welcomedRoute, async (c) => {
    const userId = requireUserId(c.get('caller'));
    return answerInOneCommit(c, async (trx) => {
      assertAdult(await getCurrentUser(trx, userId), 'api.underage.welcome');
      await markWelcomed(trx, userId);
      return getCurrentUser(trx, userId, undefined, requestLocale(c));
    }, 201);
  })
  .openapi(identifyRoute, async (c) => {
    const userId = requireUserId(c.get('caller'));
    return c.json({ data: { distinctId: userId, email: c.req.valid('json').email.toLowerCase() } }, 200);
  });
