import { describe, expect, it } from 'vitest';
import en from '~/shared/i18n/messages/en.ts';
import es from '~/shared/i18n/messages/es.ts';
import { translator } from '~/shared/i18n/translate.ts';
import { kindKey, signedAmount } from './history.ts';

describe('kindKey', () => {
  it('names the known kinds, in each language', () => {
    const english = translator(en, 'en');
    expect(['checkin', 'challenge', 'sweepstake_entry', 'birthday_bonus', 'referral'].map((kind) => english(kindKey(kind))))
      .toEqual(['Daily check-in', 'Challenge', 'Sweepstake entry', 'Birthday bonus', 'Referral']);
    expect(translator(es, 'es')(kindKey('checkin'))).toBe('Visita diaria');
  });

  it('gives any other kind a generic name, never one read from the object prototype', () => {
    for (const kind of ['streak_bonus', '__proto__', 'constructor', 'toString', '']) {
      expect(kindKey(kind), kind).toBe('history.kind.other');
    }
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
