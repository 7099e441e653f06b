import { describe, expect, it, vi } from 'vitest';
import { submitAction } from './submit-action.ts';

// Astro's actions client answers any property with an action, `then` included (tests/unit/astro-actions.ts does
// the same): loaded at the first send, it must not be taken for a promise's value, or the send never ends.
describe('submitAction', () => {
  it('loads the actions at the first send and answers the action\'s refusal', async () => {
    vi.stubGlobal('FormData', class { set() {} });
    try {
      const sent = await submitAction((actions) => actions.checkin.checkIn, {} as HTMLFormElement, 'failed');
      // The stub answers 501 with no words: the island shows its own.
      expect(sent).toEqual({ refusal: { status: 501, message: 'failed' } });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
