import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answering, apiAnswering } from '~/lib/api/answering-api.testing.ts';
import { REFRESH_INTERVAL_MS, refreshEveryHour } from '~/lib/session/hourly-refresh.ts';
import { $currentUser, followCurrentUser, startHourlyRefresh, type CurrentUserSummary } from './current-user.store.ts';

const user: CurrentUserSummary = {
  userId: 'u1', firstName: 'Ana', points: 10, lifetimePoints: 10, rank: { name: 'P10', title: null, perk: null }, nextRank: { name: 'P9', title: null, perk: null, pointsRequired: 100 },
  rankProgress: { percent: 10, pointsToNext: 90 }, underage: false,
};

/** A list in the round, recording when it ran. */
function list(asked: string[], fails = false) {
  return refreshEveryHour(async () => {
    asked.push('list');
    if (fails) throw new Error('list down');
  });
}

const cleanups: Array<() => void> = [];
beforeEach(() => {
  vi.useFakeTimers();
  $currentUser.set(user);
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  // Unmounts the store now (a read mounts it for a second, on timers about to be dropped).
  cleanStores($currentUser);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $currentUser.set(null);
});

describe('hourly refresh', () => {
  it('refetches the user, then the lists in the round, after 60 minutes, and again an hour later', async () => {
    const { api, asked } = apiAnswering({ 'user/me': { ...user, points: 60, email: 'ana@example.com' } });
    cleanups.push(list(asked), startHourlyRefresh(api, () => {}));

    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(asked).toEqual(['user/me', 'list']));
    // The store keeps what islands show, not the whole answer.
    expect($currentUser.get()).toEqual({ ...user, points: 60 });

    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await vi.waitFor(() => expect(asked).toHaveLength(4));
  });

  it('refreshes only the user when no list joined the round', async () => {
    const { api, asked } = apiAnswering({ 'user/me': user });
    cleanups.push(startHourlyRefresh(api, () => {}));
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS + 1000);
    expect(asked).toEqual(['user/me']);
  });

  it('stops at a 401: the session ended elsewhere, so the page is told and nothing more is fetched', async () => {
    const signedOut = vi.fn();
    const { api, asked } = apiAnswering({ 'user/me': 401 });
    cleanups.push(list(asked), startHourlyRefresh(api, signedOut));
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledOnce());
    expect(asked).toEqual(['user/me']);
  });

  it('still refreshes the lists when the user call fails for another reason, and a failing list harms nothing', async () => {
    const { api, asked } = apiAnswering({ 'user/me': 503 });
    cleanups.push(list(asked, true), list(asked), startHourlyRefresh(api, () => {}));
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await vi.waitFor(() => expect(asked).toEqual(['user/me', 'list', 'list']));
    expect($currentUser.get()).toEqual(user);
  });

  it('fetches nothing while nobody is signed in, and stops when told', async () => {
    const { api, asked } = apiAnswering({ 'user/me': user });
    $currentUser.set(null);
    cleanups.push(startHourlyRefresh(api, () => {}));
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    $currentUser.set(user);
    startHourlyRefresh(api, () => {})();
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([]);
  });
});

describe('the current-user store in a browser page', () => {
  it("starts the hourly refresh when the page follows it (the store's onMount), and stops with the last listener", async () => {
    const { fetch, asked } = answering({ 'user/me': { ...user, points: 75 } });
    const reload = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('window', { location: { reload } });
    vi.stubGlobal('document', { documentElement: { dataset: { apiBase: 'http://web.test/api', orgKey: 'pk' } } });
    $currentUser.set(null);

    const stop = followCurrentUser({ ...user, points: 20 });
    expect($currentUser.get()).toEqual({ ...user, points: 20 });
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await vi.waitFor(() => expect($currentUser.get()?.points).toBe(75));
    expect(asked).toEqual(['user/me']);

    stop();
    await vi.advanceTimersByTimeAsync(2 * REFRESH_INTERVAL_MS);
    expect(asked).toEqual(['user/me']);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page at a 401', async () => {
    const { fetch } = answering({ 'user/me': 401 });
    const reload = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('window', { location: { reload } });
    vi.stubGlobal('document', { documentElement: { dataset: { apiBase: 'http://web.test/api', orgKey: 'pk' } } });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    cleanups.push(followCurrentUser(user));
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });
});
