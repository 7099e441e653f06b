import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiAnswering } from '~/lib/api/answering-api.testing.ts';
import { $currentUser, applyStanding, rankReachedBy, refreshPointsAfterRankReached, type CurrentUserSummary } from './current-user.store.ts';

const p10: CurrentUserSummary = {
  userId: 'u1', firstName: 'Ana', points: 90, lifetimePoints: 90, rank: { name: 'P10', title: null, perk: null },
  nextRank: { name: 'P9', title: null, perk: null, pointsRequired: 100 }, rankProgress: { percent: 90, pointsToNext: 10 }, underage: false,
};

afterEach(() => $currentUser.set(null));

describe('the current user after an award', () => {
  it("takes the answer's standing as it is, and reports no level-up while the rank holds", () => {
    $currentUser.set(p10);
    const standing = { points: 95, lifetimePoints: 95, rank: { name: 'P10', title: null, perk: null }, nextRank: p10.nextRank, rankProgress: { percent: 95, pointsToNext: 5 } };
    expect(applyStanding(standing)).toBeUndefined();
    expect($currentUser.get()).toEqual({ ...p10, ...standing });
  });

  it('reports the new rank on a level-up', () => {
    $currentUser.set(p10);
    const standing = {
      points: 105, lifetimePoints: 105, rank: { name: 'P9', title: null, perk: null }, nextRank: { name: 'P8', title: null, perk: null, pointsRequired: 250 }, rankProgress: { percent: 3, pointsToNext: 145 },
    };
    expect(applyStanding(standing)).toBe('P9');
    expect($currentUser.get()).toMatchObject({ points: 105, rank: { name: 'P9', title: null, perk: null }, rankProgress: { percent: 3, pointsToNext: 145 } });
  });

  it('leaves an empty store (no signed-in island) alone', () => {
    expect(applyStanding({ ...p10, points: 1 })).toBeUndefined();
    expect($currentUser.get()).toBeNull();
  });
});

const p9 = { ...p10, points: 105, lifetimePoints: 105, rank: { name: 'P9', title: null, perk: null }, nextRank: { name: 'P8', title: null, perk: null, pointsRequired: 250 }, rankProgress: { percent: 3, pointsToNext: 145 } };

describe('a points refresh when lifetime points reach the next rank (spec section 4)', () => {
  it("names the next rank's pointsRequired only when the standing reaches it", () => {
    $currentUser.set(p10);
    expect(rankReachedBy({ ...p10, lifetimePoints: 99 })).toBeUndefined();
    expect(rankReachedBy({ ...p10, lifetimePoints: 100 })).toBe(100);
    $currentUser.set({ ...p10, nextRank: null });
    expect(rankReachedBy({ ...p10, lifetimePoints: 5000 })).toBeUndefined();
  });

  it('refreshes the points, then refetches the whole user into the store', async () => {
    $currentUser.set(p10);
    const { api, asked } = apiAnswering({ 'user/me/points': { points: 105, lifetime_points: 105 }, 'user/me': { ...p9, email: 'ana@example.com' } });
    await refreshPointsAfterRankReached(api, 100);
    expect(asked).toEqual(['user/me/points', 'user/me']);
    expect($currentUser.get()).toEqual(p9);
  });

  it('stops after the points when they are short of the rank after all', async () => {
    $currentUser.set(p10);
    const { api, asked } = apiAnswering({ 'user/me/points': { points: 95, lifetime_points: 95 } });
    await refreshPointsAfterRankReached(api, 100);
    expect(asked).toEqual(['user/me/points']);
    expect($currentUser.get()).toEqual(p10);
  });
});

describe('afterAward', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('makes no request below the next rank, and GET /user/me/points then GET /user/me when the award reaches it', async () => {
    const asked: string[] = [];
    vi.stubGlobal('document', { documentElement: { dataset: { apiBase: 'http://site.test/api', orgKey: 'pk' }, lang: 'en' } });
    // Reduced motion: the celebration fetches no confetti in this test.
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      asked.push(path);
      return Response.json({ data: path.endsWith('/points') ? { points: 105, lifetime_points: 105 } : { ...p9, email: 'ana@example.com' } });
    });
    const { afterAward } = await import('./after-award.ts');
    const store = await import('./current-user.store.ts');
    store.$currentUser.set(p10);
    afterAward({ points: 95, lifetimePoints: 95, rank: p10.rank, nextRank: p10.nextRank, rankProgress: { percent: 95, pointsToNext: 5 }, moments: [] }, null, { messages: {}, locale: 'en' });
    expect(asked).toEqual([]);
    afterAward({ points: 105, lifetimePoints: 105, rank: p9.rank, nextRank: p9.nextRank, rankProgress: p9.rankProgress, moments: [] }, null, { messages: {}, locale: 'en' });
    await vi.waitFor(() => expect(asked).toEqual(['/api/user/me/points', '/api/user/me']));
    await vi.waitFor(() => expect(store.$currentUser.get()).toEqual(p9));
    store.$currentUser.set(null);
  });
});
