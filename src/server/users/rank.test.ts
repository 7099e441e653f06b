import { describe, expect, it } from 'vitest';
import { DEMO_RANKS } from '../organization/demo.ts';
import { rankFor } from './rank.ts';

const ranks = DEMO_RANKS.map((r) => ({ name: r.name, points_required: r.pointsRequired }));

describe('rank from lifetime points', () => {
  it('starts at P10 with P9 next and no progress', () => {
    expect(rankFor(ranks, 0)).toEqual({
      rank: { name: 'P10', title: null, perk: null }, nextRank: { name: 'P9', title: null, perk: null, pointsRequired: 100 }, rankProgress: { percent: 0, pointsToNext: 100 },
    });
  });

  it('moves up exactly at the threshold, where progress to the next rank starts again at 0', () => {
    expect(rankFor(ranks, 99)).toMatchObject({ rank: { name: 'P10' }, rankProgress: { percent: 99, pointsToNext: 1 } });
    expect(rankFor(ranks, 100)).toMatchObject({ rank: { name: 'P9' }, rankProgress: { percent: 0, pointsToNext: 150 } });
  });

  it('counts progress from the current rank to the next: 175 points between P9 (100) and P8 (250) is 50 %', () => {
    expect(rankFor(ranks, 175).rankProgress).toEqual({ percent: 50, pointsToNext: 75 });
  });

  it('never shows 100 % one point below the next rank', () => {
    expect(rankFor(ranks, 249).rankProgress).toEqual({ percent: 99, pointsToNext: 1 });
  });

  it('has no next rank at P1, and full progress', () => {
    expect(rankFor(ranks, 1_000_000)).toEqual({ rank: { name: 'P1', title: null, perk: null }, nextRank: null, rankProgress: { percent: 100, pointsToNext: 0 } });
  });

  it("names the rank and its perk in the caller's language, English where the club wrote no Spanish, and by its code alone when unnamed", () => {
    const named = ranks.map((r) => (r.name === 'P9'
      ? { ...r, title: 'Regular', perk: 'Stories.', translations: JSON.stringify({ es: { title: 'Habitual' } }) }
      : r));
    expect(rankFor(named, 100, 'es').rank).toEqual({ name: 'P9', title: 'Habitual', perk: 'Stories.' });
    expect(rankFor(named, 100, 'en').rank).toEqual({ name: 'P9', title: 'Regular', perk: 'Stories.' });
    expect(rankFor(named, 0, 'es').nextRank).toEqual({ name: 'P9', title: 'Habitual', perk: 'Stories.', pointsRequired: 100 });
    // A text written around the console (too long) is left out, never shown or a 5xx.
    expect(rankFor([{ name: 'P10', points_required: 0, title: 'x'.repeat(500), perk: '' }], 0).rank).toEqual({ name: 'P10', title: null, perk: null });
  });
});
