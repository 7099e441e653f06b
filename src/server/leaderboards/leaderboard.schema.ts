// The leaderboards' answers: the service returns them, the web app's API module reads them (type-only imports).
import { z } from '@hono/zod-openapi';
import { PERIODS } from './leaderboard.periods.ts';

export const PeriodSchema = z.enum(PERIODS).openapi({ param: { name: 'period', in: 'path' }, example: 'week', description: 'week (from Monday), month, or season (from the club\'s leaderboardSeasonStart, 1 July unless set), in the club\'s time zone.' });

export const LeaderboardRowSchema = z.object({
  place: z.number().int().openapi({ example: 3, description: 'One plus the supporters with more points: supporters with the same points share a place (1, 2, 2, 4).' }),
  points: z.number().int().openapi({ example: 120, description: 'Points earned in the period (awards; spending never lowers it).' }),
  name: z.string().nullable().openapi({ example: 'Ana G.', description: 'Shown only for a supporter aged 18 or over who chose it; else null: show "Supporter {number}".' }),
  number: z.number().int().openapi({ example: 4821, description: 'A supporter\'s fixed four-digit number, for the anonymous label.' }),
  you: z.boolean().openapi({ description: 'The row of the caller.' }),
}).openapi('LeaderboardRow');

export const LeaderboardSchema = z.object({
  period: PeriodSchema,
  startsOn: z.string().openapi({ example: '2026-11-23', description: 'The local day the period starts on.' }),
  endsOn: z.string().openapi({ example: '2026-11-29', description: 'The local day it ends on (its last).' }),
  top: z.array(LeaderboardRowSchema).openapi({ description: 'The first 50 places, most points first; staff and blocked accounts are left out.' }),
  me: z.object({
    place: z.number().int(),
    points: z.number().int(),
    around: z.array(LeaderboardRowSchema).openapi({ description: 'Up to two rows above the caller, the caller, and up to two below.' }),
  }).nullable().openapi({ description: 'The caller\'s own place; null when they have earned nothing in the period (or are staff).' }),
  named: z.boolean().openapi({ description: 'The caller chose to be shown by name (never shown under 18).' }),
}).openapi('Leaderboard');

export const NameChoiceSchema = z.object({
  named: z.boolean().openapi({ description: 'true: show my name on the leaderboards; false: "Supporter 4821".' }),
}).openapi('LeaderboardNameChoice');

export const NameSchema = NameChoiceSchema.extend({
  number: z.number().int().openapi({ example: 4821, description: 'The caller\'s number, for "Supporter 4821".' }),
  name: z.string().nullable().openapi({ example: 'Ana G.', description: 'The name shown when `named` (first name and last initial, else the username); null when none would be: under 18, or no name given.' }),
}).openapi('LeaderboardName');

export type LeaderboardPeriod = z.infer<typeof PeriodSchema>;
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;
export type NameChoice = z.infer<typeof NameChoiceSchema>;
export type LeaderboardName = z.infer<typeof NameSchema>;
