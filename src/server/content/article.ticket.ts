import { checkTicket, issueTicket, type TicketCheck, type TicketKind } from './signed-ticket.ts';

/**
 * The read checksum: a signed ticket (./signed-ticket.ts) over the supporter, the article and when it was
 * issued, handed out with the article. A read counts once the minimum reading time has passed since.
 */
const READ: TicketKind = { version: 'r1', purpose: 'article-read' };
/** Reading speed for the minimum time, and its bounds (seconds). */
const WORDS_PER_MINUTE = 200;
const MIN_SECONDS = 10;
const MAX_SECONDS = 60;

export function issueReadTicket(secret: string, userId: string, articleId: string, now = Date.now()): string {
  return issueTicket(READ, secret, userId, articleId, now);
}

/** The seconds a reader needs for `words`: 200 words a minute, at least 10 s, at most 60 s. */
export function minimumReadSeconds(words: number): number {
  return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, Math.ceil((words * 60) / WORDS_PER_MINUTE)));
}

/** Whether `ticket` was signed here for this user and article, and is not expired (the reading time is checked apart). */
export function checkReadTicket(secret: string, ticket: string, userId: string, articleId: string, now = Date.now()): TicketCheck {
  return checkTicket(READ, secret, ticket, userId, articleId, now);
}
