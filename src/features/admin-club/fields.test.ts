import { describe, expect, it } from 'vitest';
import { bodyOf, isoToZoned, zonedToIso } from './fields.ts';

describe("the club's console forms", () => {
  it('reads a datetime-local in the club\'s time zone, across a clock change too', () => {
    expect(zonedToIso('2026-07-01T20:00', 'Europe/Madrid')).toBe('2026-07-01T18:00:00.000Z');
    expect(zonedToIso('2026-12-01T20:00', 'Europe/Madrid')).toBe('2026-12-01T19:00:00.000Z');
    expect(zonedToIso('2026-03-29T03:30', 'Europe/London')).toBe('2026-03-29T02:30:00.000Z');
    expect(zonedToIso('tomorrow', 'UTC')).toBeUndefined();
    expect(isoToZoned('2026-07-01T18:00:00.000Z', 'Europe/Madrid')).toBe('2026-07-01T20:00');
    expect(isoToZoned(null, 'UTC')).toBe('');
  });

  it('turns a posted form into the admin API\'s body, English and Spanish side by side', () => {
    const form: Record<string, string> = {
      title: ' Kit ', 'es.title': 'Equipación', description: '', cta: 'Shop', points: '20', image: '/x.svg', url: '/shop', icon: 'star',
      isAd: 'on', position: 'first', startsAt: '2026-07-01T20:00', endsAt: '',
    };
    expect(bodyOf('carousel', (name) => form[name], 'Europe/Madrid')).toEqual({
      title: 'Kit', cta: 'Shop', points: 20, image: '/x.svg', url: '/shop', icon: 'star', underageGate: false, isAd: true,
      position: 'first', startsAt: '2026-07-01T18:00:00.000Z', endsAt: null, translations: { es: { title: 'Equipación' } },
    });
    expect(bodyOf('experiences', (name) => ({ tiers: 'gold, silver', slug: 'tour' } as Record<string, string>)[name], 'UTC'))
      .toMatchObject({ tiers: ['gold', 'silver'], slug: 'tour', title: '', image: null, adultsOnly: false });
  });
});
