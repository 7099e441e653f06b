import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listingApi } from '~/lib/api/answering-api.testing.ts';
import type { ChallengeSummary } from './open-challenges.ts';
import { $challenges } from './challenges.store.ts';
import { refreshChallenges } from './challenges.refresh.ts';

const item = (id: string, closed = false): ChallengeSummary => ({
  challengeId: id, type: 'poll', subtype: 'poll', title: id, description: '', value: 10, open: !closed,
});

afterEach(() => {
  cleanStores($challenges);
  vi.unstubAllGlobals();
  $challenges.set(null);
});

describe('challenge store', () => {
  it('replaces the list with the fetched one, trimmed to summaries', async () => {
    const { api, calls } = listingApi([{ ...item('b'), hint: 'h', options: [] }, item('a', true)]);
    await refreshChallenges(api);
    expect(calls).toEqual(['/api/challenge']);
    expect($challenges.get()).toEqual([item('b'), item('a', true)]);
  });

  it('keeps the list when the call fails', async () => {
    $challenges.set([item('a')]);
    const { api } = listingApi([], 500);
    await expect(refreshChallenges(api)).rejects.toThrow();
    expect($challenges.get()).toEqual([item('a')]);
  });
});
