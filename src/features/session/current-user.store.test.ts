import { afterEach, describe, expect, it } from 'vitest';
import { $currentUser, applyStanding, type CurrentUserSummary } from './current-user.store.ts';

const p10: CurrentUserSummary = {
  userId: 'u1', firstName: 'Ana', points: 90, lifetimePoints: 90, rank: { name: 'P10' },
  nextRank: { name: 'P9', pointsRequired: 100 }, rankProgress: { percent: 90, pointsToNext: 10 }, underage: false,
};

afterEach(() => $currentUser.set(null));

describe('the current user after an award', () => {
  it("takes the answer's standing as it is, and reports no level-up while the rank holds", () => {
    $currentUser.set(p10);
    const standing = { points: 95, lifetimePoints: 95, rank: { name: 'P10' }, nextRank: p10.nextRank, rankProgress: { percent: 95, pointsToNext: 5 } };
    expect(applyStanding(standing)).toBeUndefined();
    expect($currentUser.get()).toEqual({ ...p10, ...standing });
  });

  it('reports the new rank on a level-up', () => {
    $currentUser.set(p10);
    const standing = {
      points: 105, lifetimePoints: 105, rank: { name: 'P9' }, nextRank: { name: 'P8', pointsRequired: 250 }, rankProgress: { percent: 3, pointsToNext: 145 },
    };
    expect(applyStanding(standing)).toBe('P9');
    expect($currentUser.get()).toMatchObject({ points: 105, rank: { name: 'P9' }, rankProgress: { percent: 3, pointsToNext: 145 } });
  });

  it('leaves an empty store (no signed-in island) alone', () => {
    expect(applyStanding({ ...p10, points: 1 })).toBeUndefined();
    expect($currentUser.get()).toBeNull();
  });
});
