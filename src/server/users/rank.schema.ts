import { z } from '@hono/zod-openapi';

/** A rank: its code (the spec's `name`), and the club's name for it and what reaching it brings, in the caller's language. */
export const RankSchema = z.object({
  name: z.string().openapi({ example: 'P9', description: 'The code, P10 up to P1.' }),
  title: z.string().nullable().openapi({ example: 'Regular', description: "The club's name for the rank (null: none set)." }),
  perk: z.string().nullable().openapi({ example: 'Stories made for P9 supporters.', description: 'What reaching it brings (null: none set).' }),
}).openapi('Rank');

export const NextRankSchema = RankSchema.extend({ pointsRequired: z.number().int() }).openapi('NextRank');
