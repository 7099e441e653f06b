import { describe, expect, it } from 'vitest';
import { formatNumber } from './format-number.ts';
import { DEFAULT_POINT_TERMS, pointsLabel, pointsText } from './points-label.ts';

const coins = { pointTerm: 'coin', pointsTerm: 'coins', asXp: false };

describe('pointsLabel', () => {
  it('is singular for exactly one and plural for every other count', () => {
    expect(pointsLabel(1, coins)).toBe('coin');
    expect(pointsLabel(0, coins)).toBe('coins');
    expect(pointsLabel(2, coins)).toBe('coins');
    expect(pointsLabel(1234, coins)).toBe('coins');
    expect(pointsLabel(-1, coins)).toBe('coins');
  });

  it('says XP whatever the count when the organization shows points as XP', () => {
    expect(pointsLabel(1, { ...coins, asXp: true })).toBe('XP');
    expect(pointsLabel(40, { ...coins, asXp: true })).toBe('XP');
  });

  it('falls back to point/points when the organization left a term blank', () => {
    const blank = { pointTerm: ' ', pointsTerm: '', asXp: false };
    expect(pointsLabel(1, blank)).toBe('point');
    expect(pointsLabel(3, blank)).toBe('points');
  });
});

describe('pointsText', () => {
  it('joins the formatted count and the label', () => {
    expect(pointsText(120, DEFAULT_POINT_TERMS)).toBe('120 points');
    expect(pointsText(1, DEFAULT_POINT_TERMS)).toBe('1 point');
    expect(pointsText(1234, coins)).toBe('1,234 coins');
    expect(pointsText(1234, { ...coins, asXp: true })).toBe('1,234 XP');
  });
});

describe('formatNumber', () => {
  it('adds thousands separators for the locale and rounds to whole numbers', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234.6)).toBe('1,235');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
  });
});
