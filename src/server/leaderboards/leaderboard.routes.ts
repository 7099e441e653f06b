import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { dataResponse, errorResponses, jsonBody, validationHook } from '../openapi.ts';
import { chooseName, getLeaderboard, getName } from './leaderboard.service.ts';
import { LeaderboardSchema, NameChoiceSchema, NameSchema, PeriodSchema } from './leaderboard.schema.ts';

const boardRoute = createRoute({
  method: 'get', path: '/leaderboards/{period}',
  summary: 'A leaderboard by points earned in the period: the top 50 and the caller\'s own place with the places around it',
  description: 'Ranked by points earned in the period (awards; spending never lowers it), kept in the award\'s own transaction. '
    + 'Staff (operators\' addresses, the internalDomains setting\'s domains) and blocked accounts are left out; '
    + 'supporters under 18 are never named. Equal points share a place.',
  security: [{ bearer: [] }],
  request: { params: z.object({ period: PeriodSchema }) },
  responses: { 200: dataResponse('The board', LeaderboardSchema), ...errorResponses(401, 422) },
});

const getNameRoute = createRoute({
  method: 'get', path: '/leaderboards/name',
  summary: 'Whether the caller\'s name is shown on the leaderboards, their number ("Supporter 4821") and the name that would be shown',
  security: [{ bearer: [] }],
  responses: { 200: dataResponse('The choice', NameSchema), ...errorResponses(401) },
});

const nameRoute = createRoute({
  method: 'put', path: '/leaderboards/name', middleware: [commitsWithItsWrite] as const,
  summary: 'Chooses whether the caller\'s name is shown on the leaderboards (default: not, "Supporter 4821"); never shown under 18',
  security: [{ bearer: [] }],
  request: { body: jsonBody(NameChoiceSchema) },
  responses: { 200: dataResponse('The choice as stored', NameSchema), ...errorResponses(401, 422) },
});

// The name's routes come first: `/leaderboards/name` is no period.
export const leaderboardRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(getNameRoute, async (c) => {
    const caller = c.get('caller');
    const data = await getName(c.get('db'), { userId: requireUserId(caller), timeZone: caller.timeZone });
    return c.json({ data }, 200);
  })
  .openapi(boardRoute, async (c) => {
    const caller = c.get('caller');
    const userId = requireUserId(caller);
    const data = await getLeaderboard(c.get('db'), { organizationId: caller.organizationId, userId }, c.req.valid('param').period);
    return c.json({ data }, 200);
  })
  .openapi(nameRoute, async (c) => {
    const caller = c.get('caller');
    const chooser = { userId: requireUserId(caller), timeZone: caller.timeZone };
    const choice = c.req.valid('json');
    return answerInOneCommit(c, (trx) => chooseName(trx, chooser, choice));
  });

export type BoardRoute = typeof boardRoute;
export type NameRoute = typeof nameRoute;
export type GetNameRoute = typeof getNameRoute;
