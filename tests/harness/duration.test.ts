import { describe, expect, it } from 'vitest';
import { minutesAndSeconds } from './duration.ts';

describe('the test summary\'s durations', () => {
  it('prints whole seconds, and carries a rounded-up minute', () => {
    expect(minutesAndSeconds(9_400)).toBe('9 s');
    expect(minutesAndSeconds(59_600)).toBe('1 min 0 s');
    expect(minutesAndSeconds(599_500)).toBe('10 min 0 s');
    expect(minutesAndSeconds(779_000)).toBe('12 min 59 s');
  });
});
