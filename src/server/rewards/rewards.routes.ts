import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { answerInOneCommit, commitsWithItsWrite } from '../idempotency/one-commit.ts';
import { dataResponse, errorResponses, validationHook, type Answer } from '../openapi.ts';
import { markBirthdayBonusSeen } from './birthday.service.ts';
import { getReferralSummary } from './referral.service.ts';
import { ReferralSchema } from './referral.schema.ts';

const referralRoute = createRoute({
  method: 'get', path: '/rewards/referral', summary: "The user's referral code and link (the code is made on first call)",
  security: [{ bearer: [] }],
  responses: {
    200: dataResponse('The referral link', ReferralSchema),
    ...errorResponses(401),
  },
});

const birthdaySeenRoute = createRoute({
  method: 'post', path: '/rewards/birthday/seen', middleware: [commitsWithItsWrite] as const,
  summary: "The user closed the birthday bonus modal: properties.birthdayBonusPoints is gone for the rest of this year",
  security: [{ bearer: [] }],
  responses: {
    200: dataResponse('Seen', z.object({ seen: z.boolean() })),
    ...errorResponses(401),
  },
});

export const rewardRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(referralRoute, async (c) => {
    const data = await getReferralSummary(c.get('db'), requireUserId(c.get('caller')), c.get('deps').publicUrl);
    return c.json({ data }, 200);
  })
  .openapi(birthdaySeenRoute, async (c) => {
    const userId = requireUserId(c.get('caller'));
    return answerInOneCommit(c, async (trx) => {
      await markBirthdayBonusSeen(trx, userId);
      return { seen: true };
    });
  });

// The answers' shapes, for the web app's API modules (type-only imports: no server code reaches the browser).
export type BirthdaySeen = Answer<typeof birthdaySeenRoute, 200>['data'];
