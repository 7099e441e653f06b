import { afterEach, describe, expect, it, vi } from 'vitest';
import { $challenges } from '~/features/challenges/challenges.store.ts';
import { $toasts } from '~/lib/toast/store.ts';
import { resetOnSignOut, runSignOutResets } from './sign-out-resets.ts';

afterEach(() => vi.restoreAllMocks());

describe('the sign-out reset', () => {
  it('empties the stores that joined it, and one that throws stops none of the others', () => {
    $challenges.set([]);
    $toasts.set([{ id: '1', open: true, variant: 'default', title: 'x' } as never]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    resetOnSignOut('broken', () => { throw new Error('boom'); });
    runSignOutResets();
    expect($challenges.get()).toBeNull();
    expect($toasts.get()).toEqual([]);
    expect(logged).toHaveBeenCalledWith('store reset failed on logout', expect.objectContaining({ store: 'broken' }));
  });
});
