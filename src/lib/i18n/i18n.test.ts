import { describe, expect, it } from 'vitest';
import en from './messages/en.ts';
import es from './messages/es.ts';
import { negotiateLocale } from './locales.ts';
import { loadMessages, translator } from './translate.ts';

describe('choosing the language', () => {
  it('prefers the language cookie', () => {
    expect(negotiateLocale('es', 'en-GB,en;q=0.9')).toBe('es');
  });

  it('falls back to Accept-Language, by quality', () => {
    expect(negotiateLocale(undefined, 'fr-FR, es;q=0.8, en;q=0.5')).toBe('es');
    expect(negotiateLocale(undefined, 'es-MX')).toBe('es');
    expect(negotiateLocale('xx', 'en;q=0.2, es;q=0')).toBe('en');
  });

  it('falls back to English', () => {
    expect(negotiateLocale(undefined, undefined)).toBe('en');
    expect(negotiateLocale(undefined, 'de, fr')).toBe('en');
  });
});

describe('messages', () => {
  it('exist in every locale for every key', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const value of Object.values(es)) expect(value.trim()).not.toBe('');
  });

  it('keep the spec texts in English', () => {
    expect(en['error.title']).toBe('Sorry, this page cannot be found');
    expect(en['error.goBackHome']).toBe('Go back home');
    expect(en['error.notFound']).toBe('Page not found');
    expect(translator(en)('error.invalidRoute', { path: '/x' })).toBe('Page Not Found: /x');
  });

  it('load per locale', async () => {
    expect((await loadMessages('es'))['tabs.profile']).toBe('Perfil');
  });
});
