import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '~/lib/api/client.ts';
import { $currentUser, type CurrentUserSummary } from './current-user.ts';
import { leveledUp, refreshPointsAfterAward } from './refresh-points.ts';

const p10: CurrentUserSummary = {
  userId: 'u1', firstName: 'Ana', points: 90, lifetimePoints: 90, rank: { name: 'P10' },
  nextRank: { name: 'P9', pointsRequired: 100 }, underage: false,
};

/** An API that answers from a table of paths, recording what was asked. */
function apiAnswering(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname.replace('/api/', '');
    asked.push(path);
    return Response.json({ data: answers[path] });
  };
  const api = createApiClient({ prefix: 'http://api.test/api', organizationKey: 'pk', fetch: fetch as typeof globalThis.fetch, logger: { error() {}, warn() {} } });
  return { api, asked };
}

afterEach(() => $currentUser.set(null));

describe('points after an award', () => {
  it('refreshes only the points while the next rank is out of reach', async () => {
    $currentUser.set(p10);
    const { api, asked } = apiAnswering({ 'user/me/points': { points: 95, lifetime_points: 95 } });
    expect(await refreshPointsAfterAward(api)).toBeUndefined();
    expect(asked).toEqual(['user/me/points']);
    expect($currentUser.get()?.points).toBe(95);
  });

  it('fetches the whole user when lifetime points reach the threshold, and reports the level-up', async () => {
    $currentUser.set(p10);
    const p9 = { ...p10, points: 100, lifetimePoints: 100, rank: { name: 'P9' }, nextRank: { name: 'P8', pointsRequired: 250 } };
    const { api, asked } = apiAnswering({ 'user/me/points': { points: 100, lifetime_points: 100 }, 'user/me': p9 });
    expect(await refreshPointsAfterAward(api)).toBe('P9');
    expect(asked).toEqual(['user/me/points', 'user/me']);
    expect($currentUser.get()?.rank.name).toBe('P9');
  });

  it('is a level-up only when the rank name changed', () => {
    expect(leveledUp(p10, { rank: { name: 'P10' } })).toBe(false);
    expect(leveledUp(null, { rank: { name: 'P9' } })).toBe(false);
  });
});
