import type { Db } from '../db/connection.ts';
import { IDEMPOTENCY_TTL_MS } from '../idempotency/idempotency.middleware.ts';
import { log } from '../log.ts';

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
} as const;

/** How often a process purges; each purge is idempotent, so several processes may run it side by side. */
export const PURGE_EVERY_MS = 60 * 60_000;

/** Deletes what has outlived its retention; answers how many rows of each went. */
export async function purgeExpired(db: Db, now = new Date()): Promise<Record<string, number>> {
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const count = (result: { numDeletedRows: bigint }[]) => Number(result.reduce((sum, r) => sum + r.numDeletedRows, 0n));
  const sessions = before(RETENTION_MS.sessions);
  const codes = before(RETENTION_MS.signInCodes);
  return {
    sessions: count(await db.deleteFrom('sessions').where('expires_at', '<', sessions).execute())
      + count(await db.deleteFrom('sessions').where('ended_at', '<', sessions).execute()),
    operatorSessions: count(await db.deleteFrom('operator_sessions').where((eb) => eb.or([eb('ended_at', '<', sessions), eb('last_used_at', '<', sessions)])).execute()),
    loginCodes: count(await db.deleteFrom('login_codes').where('expires_at', '<', codes).execute()),
    providerSignIns: count(await db.deleteFrom('provider_sign_ins').where('expires_at', '<', codes).execute()),
    rateLimits: count(await db.deleteFrom('rate_limit_hits').where('window_start', '<', before(RETENTION_MS.rateLimits)).execute()),
    idempotencyKeys: count(await db.deleteFrom('idempotency_keys').where('created_at', '<', before(RETENTION_MS.idempotencyKeys)).execute()),
  };
}

/** Purges now and every hour until `stop` is called (the server's shutdown). A failed purge is logged and tried again next time. */
export function keepRetention(db: Db): () => void {
  const run = () => purgeExpired(db)
    .then((deleted) => log.info({ deleted }, 'retention purge'))
    .catch((error: unknown) => log.error({ err: error }, 'retention purge failed'));
  void run();
  const timer = setInterval(run, PURGE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
