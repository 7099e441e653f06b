import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import en from '~/shared/i18n/messages/en.ts';
import es from '~/shared/i18n/messages/es.ts';
import { translator } from '~/shared/i18n/translate.ts';
import { checkinToast } from './checkin-toast.ts';

const spanishTerms = { pointTerm: 'punto', pointsTerm: 'puntos', asXp: false };

describe('checkinToast', () => {
  it('names the points and the streak', () => {
    expect(checkinToast({ days: 1, points: 10 }, translator(en, 'en'), { terms: DEFAULT_POINT_TERMS, underage: false, locale: 'en' }))
      .toEqual({ title: '+10 points', description: '1-day streak. See you tomorrow!' });
  });

  it('speaks Spanish, with its plural and its digits', () => {
    const t = translator(es, 'es');
    const options = { terms: spanishTerms, underage: false, locale: 'es' };
    expect(checkinToast({ days: 1, points: 1 }, t, options)).toEqual({ title: '+1 punto', description: 'Racha de 1 día. ¡Hasta mañana!' });
    expect(checkinToast({ days: 12, points: 12000 }, t, options)).toEqual({ title: '+12.000 puntos', description: 'Racha de 12 días. ¡Hasta mañana!' });
  });

  it('shows no points to an under-18 supporter, or when none were awarded', () => {
    const t = translator(en, 'en');
    expect(checkinToast({ days: 2, points: 10 }, t, { terms: DEFAULT_POINT_TERMS, underage: true, locale: 'en' }).title).toBe('Checked in');
    expect(checkinToast({ days: 2, points: 0 }, t, { terms: DEFAULT_POINT_TERMS, underage: false, locale: 'en' }).title).toBe('Checked in');
  });
});
