import { z } from '@hono/zod-openapi';
import { NextRankSchema, RankSchema } from './rank.schema.ts';
import { RankProgressSchema } from './standing.schema.ts';

export const UserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  zipCode: z.string().nullable(),
  birthday: z.string().nullable().openapi({ example: '1990-05-17' }),
  properties: z.object({
    membership: z.string().openapi({ description: "The membership tier's slug; 'entry' until one is chosen." }),
    birthdayBonusPoints: z.number().int().openapi({ description: "This year's birthday bonus while its modal is to be shown; else 0." }),
  }).openapi({ example: { membership: 'entry', birthdayBonusPoints: 0 } }),
  points: z.number().int(),
  lifetimePoints: z.number().int(),
  rank: RankSchema,
  nextRank: NextRankSchema.nullable(),
  rankProgress: RankProgressSchema,
  avatarUrl: z.string().nullable(),
  underage: z.boolean().openapi({ description: 'The under-18 rules apply: under 18 by the birthday, or no birthday given yet.' }),
  birthdayMissing: z.boolean().openapi({ description: 'No birthday yet: the under-18 rules apply until one is given on the profile.' }),
  isNewUser: z.boolean(),
  membershipChosen: z.boolean(),
  welcomed: z.boolean(),
}).openapi('User');

export const PointsSchema = z.object({ points: z.number().int(), lifetime_points: z.number().int() });

// The answers' shapes: the service returns them, the web app's API modules read them (type-only imports).
export type User = z.infer<typeof UserSchema>;
export type Points = z.infer<typeof PointsSchema>;
