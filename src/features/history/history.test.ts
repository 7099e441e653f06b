import { describe, expect, it } from 'vitest';
import { formatWhen, kindLabel, signedAmount } from './history.ts';

describe('kindLabel', () => {
  it('names the known kinds', () => {
    expect(['checkin', 'challenge', 'sweepstake_entry', 'birthday_bonus', 'referral'].map(kindLabel))
      .toEqual(['Daily check-in', 'Challenge', 'Sweepstake entry', 'Birthday bonus', 'Referral']);
  });

  it('turns any other kind into words', () => {
    expect(kindLabel('streak_bonus')).toBe('Streak bonus');
    expect(kindLabel('video-watched')).toBe('Video watched');
    expect(kindLabel('articleRead')).toBe('Article read');
    expect(kindLabel('ADMIN_ADJUSTMENT')).toBe('Admin adjustment');
    expect(kindLabel('story:view')).toBe('Story view');
    expect(kindLabel('__')).toBe('Points');
    // Not read from the object's prototype.
    expect(kindLabel('constructor')).toBe('Constructor');
    expect(kindLabel('toString')).toBe('To string');
  });
});

describe('signedAmount', () => {
  it('signs awards with + and spends with a true minus, in the reader\'s digits', () => {
    expect(signedAmount(10, 'en')).toBe('+10');
    expect(signedAmount(-20, 'en')).toBe('\u221220');
    expect(signedAmount(12345, 'en')).toBe('+12,345');
    expect(signedAmount(-12345, 'es')).toBe('\u221212.345');
  });
});

describe('formatWhen', () => {
  it("writes the date and time in the reader's language on the organization's clock", () => {
    const london = formatWhen('2026-11-22T09:30:00.000Z', 'en', 'Europe/London');
    expect(london.date).toBe('Nov 22, 2026');
    expect(london.time).toMatch(/^9:30\sAM$/);
    // Half past midnight the next day in Madrid.
    expect(formatWhen('2026-11-22T23:30:00.000Z', 'es', 'Europe/Madrid')).toEqual({ date: '23 nov 2026', time: '0:30' });
  });

  it('falls back to the server clock for an unknown time zone', () => {
    expect(formatWhen('2026-11-22T09:30:00.000Z', 'en', 'Mars/Olympus').date).toMatch(/2026/);
  });
});
