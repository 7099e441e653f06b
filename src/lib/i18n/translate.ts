import type { Locale } from './locales.ts';
import type { MessageKey, Messages } from './messages/en.ts';

export type { MessageKey, Messages };
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

// One file per locale, loaded only when that locale is asked for.
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('./messages/en.ts'),
  es: () => import('./messages/es.ts'),
};

const loaded = new Map<Locale, Messages>();

/** A locale's messages; after the first load they come from memory, with no import() per request. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  let messages = loaded.get(locale);
  if (!messages) {
    messages = (await loaders[locale]()).default;
    loaded.set(locale, messages);
  }
  return messages;
}

/** `t('error.invalidRoute', { path })` → the message with `{path}` filled in. */
export function translator(messages: Messages): Translate {
  return (key, params = {}) =>
    messages[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
