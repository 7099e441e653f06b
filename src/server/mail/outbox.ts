import { randomUUID } from 'node:crypto';
import type { MailMessage } from './message.ts';

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

const entries: OutboxEntry[] = [];

export function recordInOutbox(message: MailMessage, sentAt: Date = new Date()): OutboxEntry {
  const entry: OutboxEntry = {
    id: randomUUID(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    sentAt: sentAt.toISOString(),
  };
  entries.unshift(entry);
  entries.splice(OUTBOX_LIMIT);
  return entry;
}

/** Newest first; a copy, so callers cannot reorder the outbox. */
export function listOutbox(): OutboxEntry[] {
  return entries.slice();
}

export function clearOutbox(): void {
  entries.length = 0;
}
