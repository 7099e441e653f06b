import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.ts';

describe('time-ordered ids', () => {
  it('sort in the order they were made, within one millisecond too (the trail and the history read newest first by time, then id)', () => {
    const now = Date.now();
    const ids = [timeOrderedId(now), timeOrderedId(now), timeOrderedId(now), timeOrderedId(now + 1), timeOrderedId(now)];
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
