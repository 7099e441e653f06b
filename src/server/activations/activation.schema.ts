import { z } from '@hono/zod-openapi';
import { StandingSchema } from '../users/standing.schema.ts';
import { Count, plainText, SitePathSchema, Slug, StoredInstant } from '../stored/fields.ts';

/** An activation as stored: the seed checks it before writing, the repository leaves out a row that fails it. */
export const ActivationRowSchema = z.object({
  id: z.string().min(1),
  slug: Slug,
  title: plainText(200),
  description: z.string().max(2000),
  badge_name: plainText(100),
  badge_image: SitePathSchema,
  points: Count,
  starts_at: StoredInstant,
  stops_at: StoredInstant,
});

const BadgeSchema = z.object({
  name: z.string().openapi({ example: 'Riverside regular' }),
  image: z.string().openapi({ example: '/images/badges/matchday-millbank.svg', description: 'The badge picture, a path on this site.' }),
}).openapi('Badge');

export const ActivationSchema = z.object({
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

export const EarnedBadgeSchema = BadgeSchema.extend({
  activationId: z.string(),
  slug: z.string(),
  title: z.string().openapi({ description: "The activation's title: where the badge was earned." }),
  earnedAt: z.string(),
}).openapi('EarnedBadge');

export const ActivationResultSchema = z.object({
  activation: ActivationSchema,
  badges: z.array(EarnedBadgeSchema).openapi({ description: 'The badges this activation gave (its one badge), also on a repeat.' }),
  alreadyEarned: z.boolean().openapi({ description: 'The supporter had the badge already: nothing was written or paid this time.' }),
  pointsAwarded: z.number().int().openapi({ description: "The activation's points the first time, 0 after." }),
  standing: StandingSchema,
}).openapi('ActivationResult');

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type Activation = z.infer<typeof ActivationSchema>;
export type ActivationResult = z.infer<typeof ActivationResultSchema>;
export type EarnedBadge = z.infer<typeof EarnedBadgeSchema>;
