import { z } from '@hono/zod-openapi';
import { NextRankSchema, RankSchema } from '../users/rank.schema.ts';

/** The streak lengths celebrated: a week (the first streak bonus), a month, a hundred days and a year. */
export const STREAK_MILESTONES = [7, 30, 100, 365] as const;

const picture = z.string().openapi({ example: '/favicon.svg', description: "A path on this site: the club's crest, or the badge's picture." });

/**
 * One big moment an answer made, decided on the server in the award's transaction; the web app celebrates it
 * (a full-screen moment with JavaScript, a notice on the next page without).
 */
export const MomentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('levelUp'), picture,
    rank: RankSchema.openapi({ description: 'The rank reached.' }),
    nextRank: NextRankSchema.nullable().openapi({ description: 'The rank after it (null at the top), and what it brings.' }),
  }),
  z.object({
    kind: z.literal('badge'), picture,
    badge: z.object({ id: z.string(), name: z.string() }).openapi({ description: "The badge earned, by its id and its name in the caller's language." }),
  }),
  z.object({ kind: z.literal('streak'), picture, days: z.number().int().openapi({ example: 7, description: 'One of 7, 30, 100, 365.' }) }),
  z.object({ kind: z.literal('firstEntry'), picture }),
]).openapi('Moment');

export type Moment = z.infer<typeof MomentSchema>;
