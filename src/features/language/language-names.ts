import type { Locale } from '~/shared/i18n/locales.ts';
import type { MessageKey } from '~/shared/i18n/translate.ts';

/** Each language's name, written in that language: one key per locale, named here so tests find it. */
export const LANGUAGE_NAME_KEYS: Record<Locale, MessageKey> = {
  en: 'language.en',
  es: 'language.es',
};
