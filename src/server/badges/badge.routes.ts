import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { requestLocale } from '../locale.ts';
import { dataResponse, errorResponses, validationHook } from '../openapi.ts';
import { MilestoneBadgeSchema } from './badge.schema.ts';
import { milestoneBadges } from './badge.service.ts';

const security = [{ bearer: [] }];

const milestonesRoute = createRoute({
  method: 'get', path: '/user/me/badges/milestones', security,
  summary: "The signed-in supporter's milestone badges (first check-in, a 7-day streak, 10 challenges, first sweepstake entry): earned with when, or still to earn",
  responses: { 200: dataResponse('Milestone badges', z.array(MilestoneBadgeSchema)), ...errorResponses(401) },
});

export const badgeRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(milestonesRoute, async (c) => {
    const caller = { organizationId: c.get('caller').organizationId, userId: requireUserId(c.get('caller')), locale: requestLocale(c) };
    return c.json({ data: await milestoneBadges(c.get('db'), caller) }, 200);
  });

// The answers' shapes, for the web app's API modules (type-only imports).
export type { MilestoneBadge } from './badge.schema.ts';
