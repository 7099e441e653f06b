import { checkTicket, issueTicket, type TicketCheck, type TicketKind } from './signed-ticket.ts';

/**
 * The view checksum: a signed watch ticket (./signed-ticket.ts) over the supporter, the video and the
 * moment playback started, handed out by POST /content/videos/{id}/ticket. A view counts once the watch
 * threshold has passed since it was issued.
 */
const WATCH: TicketKind = { version: 'w1', purpose: 'video-watch' };
/** The issue: "80% of its duration or 30 s, whichever is less". */
const WATCHED_SHARE = 0.8;
const MAX_WATCH_SECONDS = 30;

export function issueWatchTicket(secret: string, userId: string, videoId: string, now = Date.now()): string {
  return issueTicket(WATCH, secret, userId, videoId, now);
}

/** How long after its ticket a view of a video this long is accepted: 80% of it, at most 30 s (at least 1 s). */
export function minimumWatchSeconds(durationSeconds: number): number {
  return Math.max(1, Math.min(MAX_WATCH_SECONDS, Math.ceil(durationSeconds * WATCHED_SHARE)));
}

/** The threshold in force: the club's own for this video when it set one, else the rule's. */
export function watchSecondsOf(durationSeconds: number, own: number | null | undefined): number {
  return own === null || own === undefined ? minimumWatchSeconds(durationSeconds) : Math.max(1, own);
}

/** Whether `ticket` was signed here for this user and video, and is not expired (the threshold is checked apart). */
export function checkWatchTicket(secret: string, ticket: string, userId: string, videoId: string, now = Date.now()): TicketCheck {
  return checkTicket(WATCH, secret, ticket, userId, videoId, now);
}
