import { z } from '@hono/zod-openapi';
import { MomentSchema } from '../moments/moment.schema.ts';
import { NextRankSchema, RankSchema } from './rank.schema.ts';

export const RankProgressSchema = z.object({
  percent: z.number().int().openapi({
    example: 50, description: "From the current rank's threshold to the next one's, rounded down (175 with P9 at 100 and P8 at 250: 50); 100 at the top rank.",
  }),
  pointsToNext: z.number().int().openapi({ example: 75, description: 'Lifetime points still missing for the next rank; 0 at the top rank.' }),
}).openapi('RankProgress');


export const StandingSchema = z.object({
  points: z.number().int().openapi({ description: 'Spendable points after this answer.' }),
  lifetimePoints: z.number().int().openapi({ description: 'Lifetime points after this answer (they set the rank).' }),
  rank: RankSchema,
  nextRank: NextRankSchema.nullable(),
  rankProgress: RankProgressSchema,
  moments: z.array(MomentSchema).openapi({
    description: 'The big moments this answer made (a new rank, a badge, a streak milestone, a first sweepstake entry), to celebrate; empty for a replay.',
  }),
}).openapi('Standing', {
  description: "The supporter's balances and rank after an answer that can award, so the client needs no further request.",
});

// The answer's shape, for the web app (type-only imports).
export type Standing = z.infer<typeof StandingSchema>;
/** The rank part of a standing: ./rank.ts computes it. */
export type RankStanding = Pick<Standing, 'rank' | 'nextRank' | 'rankProgress'>;
