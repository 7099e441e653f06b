import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The read checksum: a ticket the server signs (HMAC-SHA256 with the app secret) over the supporter,
 * the article and when it was issued, handed out with the article. A read counts only with a ticket
 * this server made for this supporter and article, once the minimum reading time has passed since.
 */
const VERSION = 'r1';
/** A ticket older than this is void: the page is reloaded for a new one. */
export const TICKET_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Reading speed for the minimum time, and its bounds (seconds). */
const WORDS_PER_MINUTE = 200;
const MIN_SECONDS = 10;
const MAX_SECONDS = 60;

function sign(secret: string, userId: string, articleId: string, issuedAt: number): string {
  return createHmac('sha256', secret).update(`article-read\n${userId}\n${articleId}\n${issuedAt}`).digest('base64url');
}

export function issueReadTicket(secret: string, userId: string, articleId: string, now = Date.now()): string {
  return `${VERSION}.${now}.${sign(secret, userId, articleId, now)}`;
}

/** The seconds a reader needs for `words`: 200 words a minute, at least 10 s, at most 60 s. */
export function minimumReadSeconds(words: number): number {
  return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, Math.ceil((words * 60) / WORDS_PER_MINUTE)));
}

export type TicketCheck = { ok: true; issuedAt: number } | { ok: false; reason: 'invalid' | 'expired' };

/** Whether `ticket` was signed here for this user and article, and is not expired (the reading time is checked apart). */
export function checkReadTicket(secret: string, ticket: string, userId: string, articleId: string, now = Date.now()): TicketCheck {
  const match = /^r1\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return { ok: false, reason: 'invalid' };
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(secret, userId, articleId, issuedAt));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  if (issuedAt > now + 5_000 || now - issuedAt > TICKET_LIFETIME_MS) return { ok: false, reason: 'expired' };
  return { ok: true, issuedAt };
}
