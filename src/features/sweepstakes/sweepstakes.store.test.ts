import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '~/lib/api/client.ts';
import { $sweepstakes, refreshSweepstakes } from './sweepstakes.store.ts';

const item = (id: string) => ({ sweepstakeId: id, status: 'live' });

/** An API whose GET /sweepstake answers `list` (or `status`), counting the calls. */
function sweepstakeApi(list: unknown[], status = 200) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return status === 200 ? Response.json({ data: list }) : Response.json({ error: {} }, { status });
  };
  const api = createApiClient({ prefix: 'http://api.test/api', organizationKey: 'pk', fetch: fetch as typeof globalThis.fetch, logger: { error() {}, warn() {} } });
  return { api, calls };
}

afterEach(() => {
  cleanStores($sweepstakes);
  vi.unstubAllGlobals();
  $sweepstakes.set(null);
});

describe('sweepstakes store', () => {
  it('replaces the list with the fetched one, and keeps it when the call fails', async () => {
    const { api, calls } = sweepstakeApi([item('a'), item('b')]);
    await refreshSweepstakes(api);
    expect(calls).toEqual(['/api/sweepstake']);
    expect($sweepstakes.get()).toEqual([item('a'), item('b')]);
    await expect(refreshSweepstakes(sweepstakeApi([], 500).api)).rejects.toThrow();
    expect($sweepstakes.get()).toEqual([item('a'), item('b')]);
  });
});
