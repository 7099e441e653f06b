import { z } from '@hono/zod-openapi';

export const RankProgressSchema = z.object({
  percent: z.number().int().openapi({
    example: 50, description: "From the current rank's threshold to the next one's, rounded down (175 with P9 at 100 and P8 at 250: 50); 100 at the top rank.",
  }),
  pointsToNext: z.number().int().openapi({ example: 75, description: 'Lifetime points still missing for the next rank; 0 at the top rank.' }),
}).openapi('RankProgress');

export const StandingSchema = z.object({
  points: z.number().int().openapi({ description: 'Spendable points after this answer.' }),
  lifetimePoints: z.number().int().openapi({ description: 'Lifetime points after this answer (they set the rank).' }),
  rank: z.object({ name: z.string() }),
  nextRank: z.object({ name: z.string(), pointsRequired: z.number().int() }).nullable(),
  rankProgress: RankProgressSchema,
}).openapi('Standing', {
  description: "The supporter's balances and rank after an answer that can award, so the client needs no further request.",
});

// The answer's shape, for the web app (type-only imports).
export type Standing = z.infer<typeof StandingSchema>;
/** The rank part of a standing: ./rank.ts computes it. */
export type RankStanding = Pick<Standing, 'rank' | 'nextRank' | 'rankProgress'>;
