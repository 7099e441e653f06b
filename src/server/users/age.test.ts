import { describe, expect, it } from 'vitest';
import { ageOn, isKnownUnderage, isUnderage } from './age.ts';

describe('the under-18 predicate', () => {
  it('turns 18 on the birthday itself, not a day before', () => {
    expect(ageOn('2008-11-22', '2026-11-21')).toBe(17);
    expect(ageOn('2008-11-22', '2026-11-22')).toBe(18);
  });

  it("follows the organization's time zone around midnight", () => {
    // 23:30 UTC on 21 November is already 22 November in Madrid, and still the 21st in London.
    const now = new Date('2026-11-21T23:30:00Z');
    expect(isUnderage('2008-11-22', 'Europe/London', now)).toBe(true);
    expect(isUnderage('2008-11-22', 'Europe/Madrid', now)).toBe(false);
    // 04:00 UTC on the 22nd is still the 21st in Los Angeles.
    expect(isUnderage('2008-11-22', 'America/Los_Angeles', new Date('2026-11-22T04:00:00Z'))).toBe(true);
  });

  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('applies the under-18 rules until a birthday is given, without calling the supporter under 18', () => {
    expect(isUnderage(null, 'Europe/London')).toBe(true);
    expect(isUnderage('', 'Europe/London')).toBe(true);
    expect(isKnownUnderage(null, 'Europe/London')).toBe(false);
    expect(isUnderage('1990-05-17', 'Europe/London')).toBe(false);
  });
});
