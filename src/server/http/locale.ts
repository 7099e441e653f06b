import type { Context } from 'hono';
import { negotiateLocale, type Locale } from '../../lib/i18n/locales.ts';

/** The language of a request's answer: its Accept-Language (the web app sends the page's), else English. */
export function requestLocale(c: Context): Locale {
  return negotiateLocale(undefined, c.req.header('accept-language'));
}
