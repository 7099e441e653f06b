import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The view checksum: a watch ticket the server signs (HMAC-SHA256 with the app secret) over the
 * supporter, the video and the moment playback started, handed out by POST /content/videos/{id}/ticket.
 * A view counts only with a ticket this server made for this supporter and video, once the watch
 * threshold has passed since it was issued.
 */
const VERSION = 'w1';
/** A ticket older than this is void: playback is started again for a new one. */
export const WATCH_TICKET_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The issue: "80% of its duration or 30 s, whichever is less". */
const WATCHED_SHARE = 0.8;
const MAX_WATCH_SECONDS = 30;

function sign(secret: string, userId: string, videoId: string, issuedAt: number): string {
  return createHmac('sha256', secret).update(`video-watch\n${userId}\n${videoId}\n${issuedAt}`).digest('base64url');
}

export function issueWatchTicket(secret: string, userId: string, videoId: string, now = Date.now()): string {
  return `${VERSION}.${now}.${sign(secret, userId, videoId, now)}`;
}

/** How long after its ticket a view of a video this long is accepted: 80% of it, at most 30 s (at least 1 s). */
export function minimumWatchSeconds(durationSeconds: number): number {
  return Math.max(1, Math.min(MAX_WATCH_SECONDS, Math.ceil(durationSeconds * WATCHED_SHARE)));
}

export type WatchTicketCheck = { ok: true; issuedAt: number } | { ok: false; reason: 'invalid' | 'expired' };

/** Whether `ticket` was signed here for this user and video, and is not expired (the threshold is checked apart). */
export function checkWatchTicket(secret: string, ticket: string, userId: string, videoId: string, now = Date.now()): WatchTicketCheck {
  const match = /^w1\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return { ok: false, reason: 'invalid' };
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(secret, userId, videoId, issuedAt));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  if (issuedAt > now + 5_000 || now - issuedAt > WATCH_TICKET_LIFETIME_MS) return { ok: false, reason: 'expired' };
  return { ok: true, issuedAt };
}
