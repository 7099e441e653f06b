import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '~/lib/api/client.ts';
import type { ChallengeSummary } from './open-challenges.ts';
import { $challenges, refreshChallenges } from './challenges.store.ts';

const item = (id: string, closed = false): ChallengeSummary => ({
  challengeId: id, type: 'poll', subtype: 'poll', title: id, description: '', value: 10, open: !closed,
});

/** An API whose GET /challenge answers `list` (or `status`), counting the calls. */
function challengeApi(list: unknown[], status = 200) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return status === 200 ? Response.json({ data: list }) : Response.json({ error: {} }, { status });
  };
  const api = createApiClient({ prefix: 'http://api.test/api', organizationKey: 'pk', fetch: fetch as typeof globalThis.fetch, logger: { error() {}, warn() {} } });
  return { api, calls };
}

afterEach(() => {
  cleanStores($challenges);
  vi.unstubAllGlobals();
  $challenges.set(null);
});

describe('challenge store', () => {
  it('replaces the list with the fetched one, trimmed to summaries', async () => {
    const { api, calls } = challengeApi([{ ...item('b'), hint: 'h', options: [] }, item('a', true)]);
    await refreshChallenges(api);
    expect(calls).toEqual(['/api/challenge']);
    expect($challenges.get()).toEqual([item('b'), item('a', true)]);
  });

  it('keeps the list when the call fails', async () => {
    $challenges.set([item('a')]);
    const { api } = challengeApi([], 500);
    await expect(refreshChallenges(api)).rejects.toThrow();
    expect($challenges.get()).toEqual([item('a')]);
  });
});
