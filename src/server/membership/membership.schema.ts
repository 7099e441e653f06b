import { z } from '@hono/zod-openapi';

export const MembershipTierSchema = z.object({
  slug: z.string().openapi({ example: 'entry', description: 'What properties.membership holds.' }),
  name: z.string().openapi({ example: 'Entry' }),
  description: z.string(),
  perks: z.array(z.string()).openapi({ example: ['Earn points and climb the ranks'] }),
  priceLabel: z.string().openapi({ example: 'Free' }),
  isPaid: z.boolean(),
  position: z.number().int(),
}).openapi('MembershipTier');

export const ChoiceSchema = z.object({
  membership: z.string().openapi({ example: 'entry', description: 'The membership the user has now.' }),
  upgradeRequested: z.boolean().openapi({ description: 'A paid tier was asked for: recorded, pending payment.' }),
  message: z.string(),
}).openapi('MembershipChoice');

export const MyMembershipSchema = z.object({
  membership: z.string().openapi({ example: 'entry' }),
  tier: MembershipTierSchema.nullable(),
  membershipChosen: z.boolean(),
  pendingUpgrades: z.array(z.object({
    membership: z.string(), name: z.string(), status: z.string().openapi({ example: 'pending' }), requestedAt: z.string(),
  })),
}).openapi('MyMembership');

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type MembershipTier = z.infer<typeof MembershipTierSchema>;
export type MembershipChoice = z.infer<typeof ChoiceSchema>;
export type MyMembership = z.infer<typeof MyMembershipSchema>;
