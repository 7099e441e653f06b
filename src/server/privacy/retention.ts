import { KEYWORD_GUESS_WINDOW_MS } from '../challenges/keyword-guesses.ts';
import type { Db } from '../db/connection.ts';
import { IDEMPOTENCY_TTL_MS } from '../idempotency/idempotency.middleware.ts';
import { deleteKeysBefore } from '../idempotency/idempotency.repository.ts';
import type { Job } from '../jobs/job.ts';
import {
  deleteKeywordGuessesBefore, deleteOperatorSessionsBefore, deleteRateLimitsBefore, deleteSessionsBefore, deleteSignInCodesBefore,
} from './privacy.repository.ts';

const DAY = 86_400_000;

/**
 * How long Terrace keeps what it needs only for a while (docs/privacy.md says the same, for people). Counted
 * from when the thing stopped being usable: a session from its end or expiry, a code from its expiry.
 */
export const RETENTION_MS = {
  /** Supporters' and operators' sessions: 30 days after they ended or expired (a support question about a sign-in). */
  sessions: 30 * DAY,
  /** Sign-in codes (stored hashed) and identity-provider sign-in states: a day after they expired. */
  signInCodes: DAY,
  /** Counters of sign-in attempts per address: a day after their window opened. */
  rateLimits: DAY,
  /** Stored answers to repeated requests: a day (the idempotency middleware also purges them as it goes). */
  idempotencyKeys: IDEMPOTENCY_TTL_MS,
  /** Keyword guesses: an hour, as long as they count against the hourly limit. */
  keywordGuesses: KEYWORD_GUESS_WINDOW_MS,
} as const;

/** How often the purge runs (once across processes: src/server/jobs); each purge is idempotent all the same. */
export const PURGE_EVERY_MS = 60 * 60_000;

/** Deletes what has outlived its retention; answers how many rows of each went. */
export async function purgeExpired(db: Db, now = new Date()): Promise<Record<string, number>> {
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  return {
    sessions: await deleteSessionsBefore(db, before(RETENTION_MS.sessions)),
    operatorSessions: await deleteOperatorSessionsBefore(db, before(RETENTION_MS.sessions)),
    signInCodes: await deleteSignInCodesBefore(db, before(RETENTION_MS.signInCodes)),
    rateLimits: await deleteRateLimitsBefore(db, before(RETENTION_MS.rateLimits)),
    idempotencyKeys: Number((await deleteKeysBefore(db, before(RETENTION_MS.idempotencyKeys)))[0]?.numDeletedRows ?? 0),
    keywordGuesses: await deleteKeywordGuessesBefore(db, before(RETENTION_MS.keywordGuesses)),
  };
}

/** The purge as a scheduled job (src/server/jobs): hourly, once across the club's processes. */
export function retentionPurge(everyMs = PURGE_EVERY_MS): Job {
  return { name: 'retention-purge', everyMs, run: (db) => purgeExpired(db) };
}
