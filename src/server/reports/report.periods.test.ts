import { describe, expect, it } from 'vitest';
import { midnightOf, periodsOf } from './report.periods.ts';

// The reports' days are the club's: their UTC boundaries move with the club's clocks.

describe('periods', () => {
  it('puts a local midnight at its UTC instant, either side of a change of clocks', () => {
    expect(midnightOf('2026-03-28', 'Europe/Madrid')).toBe('2026-03-27T23:00:00.000Z');
    expect(midnightOf('2026-03-30', 'Europe/Madrid')).toBe('2026-03-29T22:00:00.000Z');
    expect(midnightOf('2026-11-02', 'America/New_York')).toBe('2026-11-02T05:00:00.000Z');
  });

  it('makes the day the clocks go forward 23 hours long', () => {
    const [day] = periodsOf('2026-03-29', '2026-03-29', 'day', 'Europe/Madrid');
    expect(Date.parse(day!.end) - Date.parse(day!.start)).toBe(23 * 3_600_000);
  });

  it('starts weeks on Monday and months on the 1st, whole, whichever of their days the range holds', () => {
    expect(periodsOf('2026-11-04', '2026-11-17', 'week', 'UTC').map(({ label, start, end, days }) => ({ label, start, end, days: `${days[0]}..${days.at(-1)}` }))).toEqual([
      { label: '2026-11-02', start: '2026-11-02T00:00:00.000Z', end: '2026-11-09T00:00:00.000Z', days: '2026-11-02..2026-11-08' },
      { label: '2026-11-09', start: '2026-11-09T00:00:00.000Z', end: '2026-11-16T00:00:00.000Z', days: '2026-11-09..2026-11-15' },
      { label: '2026-11-16', start: '2026-11-16T00:00:00.000Z', end: '2026-11-23T00:00:00.000Z', days: '2026-11-16..2026-11-22' },
    ]);
    expect(periodsOf('2026-02-10', '2026-02-10', 'month', 'UTC')[0]!.days).toHaveLength(28);
    expect(periodsOf('2026-01-31', '2026-03-01', 'month', 'UTC').map((p) => p.label)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });
});
