import type { Locale } from '../../shared/i18n/locales.ts';
import { rankTextsIn, type StoredRankTexts } from '../organization/rank-texts.ts';
import type { RankStanding } from './standing.schema.ts';

/** A rank row as the ranks table holds it (its texts, migration 032, where read). */
export interface RankRow extends Omit<StoredRankTexts, 'name'> {
  name: string;
  points_required: number;
}

/** Sorted from the lowest threshold (P10) up. */
function sorted(ranks: readonly RankRow[]): RankRow[] {
  return [...ranks].sort((a, b) => Number(a.points_required) - Number(b.points_required));
}

/**
 * The rank reached with these lifetime points, the next one (null at the top), each with the club's name for
 * it and its perk in `locale`, and the progress from the current rank's threshold to the next one's: 175
 * points with P9 at 100 and P8 at 250 is 50 %.
 */
export function rankFor(ranks: readonly RankRow[], lifetimePoints: number, locale: Locale = 'en'): RankStanding {
  const all = sorted(ranks);
  const reached = all.filter((r) => Number(r.points_required) <= lifetimePoints).at(-1);
  const next = all.find((r) => Number(r.points_required) > lifetimePoints);
  const current = reached ?? all[0];
  // Below the lowest threshold (a club whose first rank needs points), progress counts from 0.
  const floor = reached ? Number(reached.points_required) : 0;
  const rankProgress = next
    ? {
      percent: Math.min(100, Math.max(0, Math.floor(((lifetimePoints - floor) / (Number(next.points_required) - floor)) * 100))),
      pointsToNext: Number(next.points_required) - lifetimePoints,
    }
    : { percent: 100, pointsToNext: 0 };
  return {
    rank: current ? { name: current.name, ...rankTextsIn(current, locale) } : { name: 'P10', title: null, perk: null },
    nextRank: next ? { name: next.name, ...rankTextsIn(next, locale), pointsRequired: Number(next.points_required) } : null,
    rankProgress,
  };
}
