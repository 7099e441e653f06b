import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A ticket the server signs (HMAC-SHA256 with the app secret) over a purpose, the supporter, the item and
 * when it was issued: `<version>.<issued ms>.<signature>`. Reading an article and watching a video each earn
 * only with a ticket this server made for that supporter and item, once enough time has passed since
 * (each kind checks its own time apart).
 */
export interface TicketKind {
  /** The ticket's first part; a new version voids every earlier ticket. */
  version: string;
  /** Signed with the rest, so a ticket of one kind is never good for another. */
  purpose: string;
}

/** A ticket older than this is void: the page is loaded again for a new one. */
export const TICKET_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type TicketCheck = { ok: true; issuedAt: number } | { ok: false; reason: 'invalid' | 'expired' };

function sign(kind: TicketKind, secret: string, userId: string, itemId: string, issuedAt: number): string {
  return createHmac('sha256', secret).update(`${kind.purpose}\n${userId}\n${itemId}\n${issuedAt}`).digest('base64url');
}

export function issueTicket(kind: TicketKind, secret: string, userId: string, itemId: string, now = Date.now()): string {
  return `${kind.version}.${now}.${sign(kind, secret, userId, itemId, now)}`;
}

/** Whether `ticket` was signed here for this kind, user and item, and is not expired. */
export function checkTicket(kind: TicketKind, secret: string, ticket: string, userId: string, itemId: string, now = Date.now()): TicketCheck {
  const [version, issued, signature, ...rest] = ticket.split('.');
  if (version !== kind.version || rest.length > 0 || !/^\d{13}$/.test(issued ?? '') || !/^[A-Za-z0-9_-]{43}$/.test(signature ?? '')) {
    return { ok: false, reason: 'invalid' };
  }
  const issuedAt = Number(issued);
  const expected = Buffer.from(sign(kind, secret, userId, itemId, issuedAt));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  if (issuedAt > now + 5_000 || now - issuedAt > TICKET_LIFETIME_MS) return { ok: false, reason: 'expired' };
  return { ok: true, issuedAt };
}
