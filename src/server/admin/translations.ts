import { z } from '@hono/zod-openapi';
import { LOCALES, DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locales.ts';

// Every text a supporter reads is written in the default language (English) on the row itself, with an
// optional value per other language in the row's `translations` column: `{ "es": { "title": "…" } }`.
// Supporters see their language where the club wrote it, else the default. One shape for every kind.

/** The other languages a club may write in: every locale but the default (English). */
export const TRANSLATED_LOCALES = ['es'] as const satisfies readonly Exclude<(typeof LOCALES)[number], 'en'>[];

/**
 * The `translations` field of a kind whose translatable texts are `fields` (each as the default
 * language's schema, made optional): `{ es?: { title?, description? } }`. Blank values mean "not written".
 */
export function translationsSchema<S extends z.ZodRawShape>(fields: S) {
  const partial = z.object(fields).partial();
  return z.object({ es: partial.optional() })
    .default({})
    .openapi({ description: 'The same texts in other languages (Spanish: `es`); a text left out shows in the default language.' });
}

export type Translations = Partial<Record<Locale, Record<string, unknown>>>;

/** The stored column, read leniently: anything that is not an object of objects counts as no translation. */
export function readTranslations(stored: string | null | undefined): Translations {
  try {
    const value: unknown = JSON.parse(stored ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v && typeof v === 'object' && !Array.isArray(v))) as Translations;
  } catch {
    return {};
  }
}

/** What is stored: only the languages and texts actually written (blank ones dropped). */
export function writeTranslations(translations: { [L in Locale]?: Record<string, unknown> | undefined } | undefined): string {
  const kept: Translations = {};
  for (const [locale, texts] of Object.entries(translations ?? {})) {
    const written = Object.fromEntries(Object.entries(texts ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    if (Object.keys(written).length) kept[locale as Locale] = written;
  }
  return JSON.stringify(kept);
}

/** `base` with the texts written in `locale` laid over it (the default language's where none is). */
export function localized<T extends Record<string, unknown>>(base: T, stored: string | null | undefined, locale: Locale): T {
  if (locale === DEFAULT_LOCALE) return base;
  const texts = readTranslations(stored)[locale];
  if (!texts) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [field, value] of Object.entries(texts)) {
    if (field in base && typeof value === typeof base[field]) out[field] = value;
  }
  return out as T;
}
