import { z } from '@hono/zod-openapi';

export const ReferralSchema = z.object({
  code: z.string().openapi({ example: 'K7QH3MZP' }),
  link: z.string().openapi({ example: 'https://club.example/login?ref=K7QH3MZP' }),
  referredCount: z.number().int().openapi({ description: 'Friends who signed up through the link.' }),
  rewardedCount: z.number().int().openapi({ description: 'Friends who became active (earned points on two different days), each earning the referral points.' }),
  referralPoints: z.number().int().openapi({ example: 100, description: 'What the referrer earns per friend who becomes active, up to the organization\'s referralMonthlyCap a month.' }),
}).openapi('Referral');

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type Referral = z.infer<typeof ReferralSchema>;
