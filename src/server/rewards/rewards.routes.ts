import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireUserId } from '../auth/caller.middleware.ts';
import type { AppEnv } from '../env.ts';
import { dataResponse, errorResponses, validationHook, type Answer } from '../openapi.ts';
import { markBirthdayBonusSeen } from './birthday.service.ts';
import { getReferralSummary } from './referral.service.ts';

export const ReferralSchema = z.object({
  code: z.string().openapi({ example: 'K7QH3MZP' }),
  link: z.string().openapi({ example: 'https://club.example/login?ref=K7QH3MZP' }),
  referredCount: z.number().int().openapi({ description: 'Friends who signed up through the link.' }),
  rewardedCount: z.number().int().openapi({ description: 'Friends who became active (earned points on two different days), each earning the referral points.' }),
  referralPoints: z.number().int().openapi({ example: 100, description: 'What the referrer earns per friend who becomes active, up to the organization\'s referralMonthlyCap a month.' }),
}).openapi('Referral');

const referralRoute = createRoute({
  method: 'get', path: '/rewards/referral', summary: "The user's referral code and link (the code is made on first call)",
  security: [{ bearer: [] }],
  responses: {
    200: dataResponse('The referral link', ReferralSchema),
    ...errorResponses(401),
  },
});

const birthdaySeenRoute = createRoute({
  method: 'post', path: '/rewards/birthday/seen',
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
    await markBirthdayBonusSeen(c.get('db'), requireUserId(c.get('caller')));
    return c.json({ data: { seen: true } }, 200);
  });

// The answers' shapes, for the web app's API modules (type-only imports: no server code reaches the browser).
export type Referral = z.infer<typeof ReferralSchema>;
export type BirthdaySeen = Answer<typeof birthdaySeenRoute, 200>['data'];
