import type { Context } from 'hono';
import { negotiateLocale, type Locale } from '../shared/i18n/locales.ts';

/**
 * The language a caller asked for with Accept-Language (the web app sends its page's language), else
 * English: what the API writes for a person (its error messages, the sign-in e-mail) is in that language.
 */
export function requestLocale(c: Pick<Context, 'req'>): Locale {
  return negotiateLocale(undefined, c.req.header('accept-language'));
}
