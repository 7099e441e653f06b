import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listingApi } from '~/lib/api/answering-api.testing.ts';
import { $sweepstakes } from './sweepstakes.store.ts';
import { refreshSweepstakes } from './sweepstakes.refresh.ts';

const item = (id: string) => ({ sweepstakeId: id, status: 'live' });

afterEach(() => {
  cleanStores($sweepstakes);
  vi.unstubAllGlobals();
  $sweepstakes.set(null);
});

describe('sweepstakes store', () => {
  it('replaces the list with the fetched one, and keeps it when the call fails', async () => {
    const { api, calls } = listingApi([item('a'), item('b')]);
    await refreshSweepstakes(api);
    expect(calls).toEqual(['/api/sweepstake']);
    expect($sweepstakes.get()).toEqual([item('a'), item('b')]);
    await expect(refreshSweepstakes(listingApi([], 500).api)).rejects.toThrow();
    expect($sweepstakes.get()).toEqual([item('a'), item('b')]);
  });
});
