import type { RankStanding } from './standing.schema.ts';

/** A rank row as the ranks table holds it. */
export interface RankRow {
  name: string;
  points_required: number;
}


/**
 * The rank reached with these lifetime points, the next one (null at the top), and the progress from
 * the current rank's threshold to the next one's: 175 points with P9 at 100 and P8 at 250 is 50 %.
 */
export function rankFor(ranks: readonly RankRow[], lifetimePoints: number): RankStanding {
  const sorted = [...ranks].sort((a, b) => Number(a.points_required) - Number(b.points_required));
  const reached = sorted.filter((r) => Number(r.points_required) <= lifetimePoints).at(-1);
  const next = sorted.find((r) => Number(r.points_required) > lifetimePoints);
  const current = reached ?? sorted[0];
  // Below the lowest threshold (a club whose first rank needs points), progress counts from 0.
  const floor = reached ? Number(reached.points_required) : 0;
  const rankProgress = next
    ? {
      percent: Math.min(100, Math.max(0, Math.floor(((lifetimePoints - floor) / (Number(next.points_required) - floor)) * 100))),
      pointsToNext: Number(next.points_required) - lifetimePoints,
    }
    : { percent: 100, pointsToNext: 0 };
  return {
    rank: { name: current?.name ?? 'P10' },
    nextRank: next ? { name: next.name, pointsRequired: Number(next.points_required) } : null,
    rankProgress,
  };
}
