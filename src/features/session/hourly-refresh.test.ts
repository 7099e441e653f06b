import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $challenges, loadChallenges } from '~/features/challenges/store.ts';
import type { ChallengeSummary } from '~/features/challenges/open-challenges.ts';
import { createApiClient } from '~/lib/api/client.ts';
import { $currentUser, REFRESH_INTERVAL_MS, type CurrentUserSummary } from '~/lib/session/current-user.ts';
import { startHourlyRefresh } from './hourly-refresh.ts';

const user: CurrentUserSummary = {
  userId: 'u1', firstName: 'Ana', points: 10, lifetimePoints: 10, rank: { name: 'P10' }, nextRank: { name: 'P9', pointsRequired: 100 },
  rankProgress: { percent: 10, pointsToNext: 90 }, underage: false,
};
const poll = (id: string, closed = false): ChallengeSummary => ({
  challengeId: id, type: 'poll', subtype: 'poll', title: id, description: '', value: 10, open: !closed,
});

/** An API answering from a table of paths (a number is an error status), recording what was asked. */
function apiAnswering(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname.replace('/api/', '');
    asked.push(path);
    const answer = answers[path];
    return typeof answer === 'number' ? Response.json({ error: {} }, { status: answer }) : Response.json({ data: answer });
  };
  const api = createApiClient({ prefix: 'http://api.test/api', organizationKey: 'pk', fetch: fetch as typeof globalThis.fetch, logger: { error() {}, warn() {} } });
  return { api, asked };
}

let stop: () => void = () => {};
beforeEach(() => {
  vi.useFakeTimers();
  $currentUser.set(user);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  $currentUser.set(null);
  $challenges.set(null);
});

describe('hourly refresh', () => {
  it('refetches the user and the challenge list after 60 minutes, and again an hour later', async () => {
    loadChallenges([poll('a'), poll('b')]);
    const { api, asked } = apiAnswering({ 'user/me': { ...user, points: 60 }, challenge: [poll('a', true), poll('b'), poll('c')] });
    stop = startHourlyRefresh(api, () => {});

    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect($challenges.get()).toEqual([poll('a', true), poll('b'), poll('c')]));
    expect(asked).toEqual(['user/me', 'challenge']);
    expect($currentUser.get()?.points).toBe(60);

    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await vi.waitFor(() => expect(asked).toHaveLength(4));
  });

  it('fetches no challenges when no page loaded the list', async () => {
    const { api, asked } = apiAnswering({ 'user/me': user, challenge: [poll('a')] });
    stop = startHourlyRefresh(api, () => {});
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await vi.waitFor(() => expect(asked).toEqual(['user/me']));
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(['user/me']);
    expect($challenges.get()).toBeNull();
  });

  it('stops at a 401: the session ended elsewhere, so the page is told and nothing more is fetched', async () => {
    loadChallenges([poll('a')]);
    const signedOut = vi.fn();
    const { api, asked } = apiAnswering({ 'user/me': 401, challenge: [] });
    stop = startHourlyRefresh(api, signedOut);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledOnce());
    expect(asked).toEqual(['user/me']);
    expect($challenges.get()).toEqual([poll('a')]);
  });

  it('still refreshes the list when the user call fails for another reason', async () => {
    loadChallenges([poll('a')]);
    const { api } = apiAnswering({ 'user/me': 503, challenge: [poll('z')] });
    stop = startHourlyRefresh(api, () => {});
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await vi.waitFor(() => expect($challenges.get()).toEqual([poll('z')]));
    expect($currentUser.get()).toEqual(user);
  });

  it('stops when told to', async () => {
    loadChallenges([poll('a')]);
    const { api, asked } = apiAnswering({ 'user/me': user, challenge: [] });
    startHourlyRefresh(api, () => {})();
    await vi.advanceTimersByTimeAsync(2 * REFRESH_INTERVAL_MS);
    expect(asked).toEqual([]);
  });
});
