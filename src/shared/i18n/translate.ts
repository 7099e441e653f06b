import { intlLocale } from './format.ts';
import type { Locale } from './locales.ts';
import type { MessageId, MessageKey, Messages } from './messages/en.ts';

export type { MessageId, MessageKey, Messages };
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

// One file per locale, each its own chunk, loaded only when that locale is asked for (on the server and
// in the browser). Nothing may import ./messages/en.ts or ./messages/es.ts statically: the build then
// puts that locale in the importer's chunk and stops (astro.config.mjs turns the warning into an error).
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('./messages/en.ts'),
  es: () => import('./messages/es.ts'),
};

const loaded = new Map<Locale, Messages>();

/** A locale's messages if they have been loaded (synchronous, for the API's own words: src/server/api-text.ts). */
export function loadedMessages(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}

/** A locale's messages; after the first load they come from memory, with no import() per request. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  let messages = loaded.get(locale);
  if (!messages) {
    messages = (await loaders[locale]()).default;
    loaded.set(locale, messages);
  }
  return messages;
}

const plurals = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  let rules = plurals.get(locale);
  if (!rules) plurals.set(locale, rules = new Intl.PluralRules(intlLocale(locale)));
  return rules.select(count);
}

/** Grouped from five digits ("2000", "10,000"; Spanish writes "10.000"), as Spanish style asks and English allows. */
function numberText(value: number, locale: string): string {
  let format = numbers.get(locale);
  if (!format) numbers.set(locale, format = new Intl.NumberFormat(intlLocale(locale), { useGrouping: 'min2' }));
  return format.format(value);
}

/**
 * The one message renderer (pages, islands, mails and the API's answers): `key` from `table` with `{name}`
 * filled in, every number written as the language writes it. With a numeric `count`, a key that has plural
 * variants picks one by the locale's plural rules (`key_one`, `key_other`, and `key_many`… where a language
 * has them, else `key_other`). A key the table lacks comes back as the key itself, which tests catch.
 */
export function renderMessage(table: Readonly<Record<string, string | undefined>>, key: string, params: MessageParams, locale: Locale | string): string {
  const count = params['count'];
  const text = (typeof count === 'number'
    ? table[`${key}_${pluralCategory(locale, count)}`] ?? table[`${key}_other`]
    : undefined) ?? table[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numberText(value, locale) : value;
  });
}

/**
 * `t('error.invalidRoute', { path })` → the message with `{path}` filled in (renderMessage). A message set
 * may be a subset (an island gets only the keys it uses).
 */
export function translator(messages: Partial<Messages>, locale: Locale | string = 'en'): Translate {
  const table = messages as Record<string, string | undefined>;
  return (key, params = {}) => renderMessage(table, key, params, locale);
}

type WithPrefix<P extends string> = Extract<MessageId, `${P}${string}`>;

// Message sets are per-locale constants: each (set, prefixes) pick is made once, then shared (read-only).
const picks = new WeakMap<Partial<Messages>, Map<string, Partial<Messages>>>();

/**
 * The messages an island needs, picked by key prefix (`pickMessages(messages, 'checkin.', 'points.')`):
 * an island's props carry only its own words, in the page's language. Never modify the result.
 */
export function pickMessages<P extends string>(messages: Messages, ...prefixes: P[]): Pick<Messages, WithPrefix<P>> {
  let bySet = picks.get(messages);
  if (!bySet) {
    bySet = new Map();
    picks.set(messages, bySet);
  }
  const key = prefixes.join('|');
  let picked = bySet.get(key);
  if (!picked) {
    picked = {};
    for (const id of Object.keys(messages) as MessageId[]) {
      if (prefixes.some((prefix) => id.startsWith(prefix))) picked[id] = messages[id];
    }
    bySet.set(key, picked);
  }
  return picked as Pick<Messages, WithPrefix<P>>;
}
