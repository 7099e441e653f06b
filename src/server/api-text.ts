import { DEFAULT_LOCALE, type Locale } from '../shared/i18n/locales.ts';
import { loadedMessages, loadMessages, renderMessage, type MessageKey, type MessageParams } from '../shared/i18n/translate.ts';

// The message files load per locale (spec section 7), each from its own chunk. English, the API's
// default and the language of its logs (an ApiError's own message), loads with the API; another
// language when a request first asks for it (useRequestLocale, before any route or error answer).
const en: Record<string, string | undefined> = await loadMessages(DEFAULT_LOCALE);

/** Loads the messages of a request's language, so its answer (an error too) is written in it. */
export async function useRequestLocale(locale: Locale): Promise<void> {
  await loadMessages(locale);
}

/** A key of the API's own words (src/shared/i18n/messages/{en,es}/api.ts). */
export type ApiMessageKey = Extract<MessageKey, `api.${string}`>;

/**
 * What the API says, before it knows to whom: a message key, or a key with its values. Errors carry
 * this, and the one error map (errorResponse) writes it in the language of the request.
 */
export type ApiText = ApiMessageKey | { key: ApiMessageKey; params: MessageParams };

/** `msg('api.rateLimit.wait', { count: 15 })`: a message with values (plural keys take a numeric `count`). */
export function msg(key: ApiMessageKey, params: MessageParams): ApiText {
  return { key, params };
}

/** A language's table; English until that language has loaded (useRequestLocale). */
function tableOf(locale: Locale): Record<string, string | undefined> {
  return loadedMessages(locale) ?? en;
}

/** A message key of the API (zod schemas carry keys as their messages). */
export function isApiMessageKey(value: string): value is ApiMessageKey {
  return value.startsWith('api.') && Object.hasOwn(en, value);
}

/** The text in a language (the one renderer, src/shared/i18n/translate.ts); English until that language has loaded. */
export function renderApiText(text: ApiText, locale: Locale = DEFAULT_LOCALE): string {
  const { key, params } = typeof text === 'string' ? { key: text, params: {} as MessageParams } : text;
  return renderMessage(tableOf(locale), key, params, locale);
}

/**
 * Product words that are not errors (a built-in playlist's title) in a language, from the same message
 * files: the API answers them in the request's language, like its error messages.
 */
export function renderProductText(key: MessageKey, locale: Locale): string {
  return renderApiText(key as ApiMessageKey, locale);
}
