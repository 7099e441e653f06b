import { describe, expect, it } from 'vitest';
import { DEMO_RANKS } from '../organization/demo.ts';
import { rankFor } from './user.service.ts';

const ranks = DEMO_RANKS.map((r) => ({ name: r.name, points_required: r.pointsRequired }));

describe('rank from lifetime points', () => {
  it('starts at P10 with P9 next', () => {
    expect(rankFor(ranks, 0)).toEqual({ rank: { name: 'P10' }, nextRank: { name: 'P9', pointsRequired: 100 } });
  });

  it('moves up exactly at the threshold', () => {
    expect(rankFor(ranks, 99).rank.name).toBe('P10');
    expect(rankFor(ranks, 100).rank.name).toBe('P9');
  });

  it('has no next rank at P1', () => {
    expect(rankFor(ranks, 1_000_000)).toEqual({ rank: { name: 'P1' }, nextRank: null });
  });
});
