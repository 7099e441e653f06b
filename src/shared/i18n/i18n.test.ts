import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './messages/en.ts';
import es from './messages/es.ts';
import { negotiateLocale } from './locales.ts';
import { formatDate, formatDateTime } from './format.ts';
import { loadMessages, pickMessages, translator } from './translate.ts';

const SRC = join(import.meta.dirname, '..', '..');
const MESSAGES = join(import.meta.dirname, 'messages');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === MESSAGES ? [] : files(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

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

  it('keep the same placeholders in every locale', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(es[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('are each defined in one area file only', () => {
    for (const locale of ['en', 'es']) {
      const seen = new Map<string, string>();
      for (const file of readdirSync(join(MESSAGES, locale))) {
        const text = readFileSync(join(MESSAGES, locale, file), 'utf8');
        for (const [, key] of text.matchAll(/^\s*'([^']+)':/gm)) {
          expect(seen.get(key!), `${locale}/${file} repeats ${key}`).toBeUndefined();
          seen.set(key!, file);
        }
      }
    }
  });

  it('are all used by the code (a plural key by its base)', () => {
    const code = files(SRC, /\.(ts|tsx|astro)$/).filter((f) => !/\.test\.tsx?$/.test(f)).map((f) => readFileSync(f, 'utf8')).join('\n');
    const bases = new Set(Object.keys(en).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')));
    const unused = [...bases].filter((base) => !code.includes(`'${base}'`) && !code.includes(`"${base}"`));
    expect(unused).toEqual([]);
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

  it('pick a plural form by the language\'s rules', () => {
    expect(translator(en, 'en')('points.term', { count: 1 })).toBe('point');
    expect(translator(en, 'en')('points.term', { count: 0 })).toBe('points');
    expect(translator(es, 'es')('points.term', { count: 1 })).toBe('punto');
    // Spanish says "1.000.000 de puntos" ("many"): without a _many variant, _other is used.
    expect(translator(es, 'es')('points.term', { count: 1_000_000 })).toBe('puntos');
  });

  it('give an island only the keys it asks for', () => {
    const picked = pickMessages(en, 'tabs.');
    expect(Object.keys(picked).sort()).toEqual(Object.keys(en).filter((k) => k.startsWith('tabs.')).sort());
    expect(translator(picked)('tabs.media')).toBe('Media');
  });
});

describe('dates in the organization\'s time zone', () => {
  it('read as the club writes them, in each language', () => {
    const moment = '2026-11-25T20:33:00Z';
    expect(formatDateTime(moment, 'en', 'Europe/London')).toBe('25 Nov 2026, 20:33');
    expect(formatDateTime(moment, 'es', 'Europe/London')).toBe('25 nov 2026, 20:33');
    expect(formatDateTime(moment, 'en', 'Europe/Madrid')).toBe('25 Nov 2026, 21:33');
    expect(formatDate('2026-07-01T23:30:00Z', 'en', 'Europe/London')).toBe('2 Jul 2026');
  });
});
