import { randomUUID } from 'node:crypto';
import type { MailMessage } from './mailer.ts';

/** One message the development mailer did not send, as the outbox keeps it. */
export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** UTC ISO 8601. */
  sentAt: string;
}

/** Enough for a developer's recent sign-ins; older messages fall off so memory stays flat. */
const OUTBOX_LIMIT = 50;

// Kept on globalThis so the HTTP server (run from source), the built Astro bundle and scripts,
// which each load their own copy of this module, share one outbox (as in lifecycle.ts).
const KEY = Symbol.for('terrace.dev-outbox');

function entries(): OutboxEntry[] {
  const store = globalThis as typeof globalThis & { [KEY]?: OutboxEntry[] };
  store[KEY] ??= [];
  return store[KEY];
}

export function recordInOutbox(message: MailMessage, sentAt: Date = new Date()): OutboxEntry {
  const entry: OutboxEntry = {
    id: randomUUID(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    sentAt: sentAt.toISOString(),
  };
  const list = entries();
  list.unshift(entry);
  list.splice(OUTBOX_LIMIT);
  return entry;
}

/** Newest first; a copy, so callers cannot reorder the outbox. */
export function listOutbox(): OutboxEntry[] {
  return entries().slice();
}

export function clearOutbox(): void {
  entries().length = 0;
}
