import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './zoned-time.ts';

describe("the console's date-and-time fields", () => {
  it('show and read instants on the club clock, across a clock change', () => {
    expect(toLocalInput('2026-07-01T18:30:00.000Z', 'Europe/Madrid')).toBe('2026-07-01T20:30');
    expect(fromLocalInput('2026-07-01T20:30', 'Europe/Madrid')).toBe('2026-07-01T18:30:00.000Z');
    expect(fromLocalInput('2026-01-15T20:30', 'Europe/Madrid')).toBe('2026-01-15T19:30:00.000Z');
    expect(fromLocalInput('2026-03-29T03:30', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z');
    expect(toLocalInput(fromLocalInput('2026-11-01T09:05', 'America/New_York'), 'America/New_York')).toBe('2026-11-01T09:05');
    expect(fromLocalInput('tomorrow', 'UTC')).toBeUndefined();
    expect(toLocalInput(null, 'UTC')).toBe('');
  });
});
