import { describe, expect, it } from 'vitest';
import { utcToZoned, zonedToUtc } from './zoned-time.ts';

describe("the console's times in the club's time zone", () => {
  it('reads a wall-clock time in a zone as the instant it names, summer and winter', () => {
    expect(zonedToUtc('2026-07-01T18:00', 'Europe/Madrid')).toBe('2026-07-01T16:00:00.000Z');
    expect(zonedToUtc('2026-12-01T18:00', 'Europe/Madrid')).toBe('2026-12-01T17:00:00.000Z');
    expect(zonedToUtc('2026-12-01T18:00', 'UTC')).toBe('2026-12-01T18:00:00.000Z');
    expect(zonedToUtc('tomorrow', 'UTC')).toBeUndefined();
  });
  it('shows an instant as the wall-clock time of a zone', () => {
    expect(utcToZoned('2026-07-01T16:00:00.000Z', 'Europe/Madrid')).toBe('2026-07-01T18:00');
    expect(utcToZoned('2026-03-29T01:30:00.000Z', 'Europe/London')).toBe('2026-03-29T02:30');
    expect(utcToZoned(null, 'UTC')).toBe('');
  });
});
