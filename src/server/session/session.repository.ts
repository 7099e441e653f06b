import type { Db } from '../db/connection.ts';
import { prepared } from '../db/prepared.ts';
import { readTimeZone } from '../organization/time-zone.ts';

export function insertLoginCode(db: Db, row: {
  id: string; organization_id: string; email: string; client: string; code_hash: string; created_at: string; expires_at: string;
}) {
  return db.insertInto('login_codes').values({ ...row, attempts: 0, used_at: null }).execute();
}

/** A client's older codes for an address stop working as soon as it is sent a new one; other clients' are left alone. */
export function retireLoginCodes(db: Db, organizationId: string, email: string, client: string, now: string) {
  return db.updateTable('login_codes').set({ used_at: now })
    .where('organization_id', '=', organizationId).where('email', '=', email).where('client', '=', client)
    .where('used_at', 'is', null)
    .execute();
}

/** The code `client` was last sent for this address, if still unused. */
export function findLiveLoginCode(db: Db, organizationId: string, email: string, client: string) {
  return db.selectFrom('login_codes').selectAll()
    .where('organization_id', '=', organizationId).where('email', '=', email).where('client', '=', client)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** Whether another client holds an unexpired code for this address (to say where the code belongs). */
export async function hasLiveCodeElsewhere(db: Db, organizationId: string, email: string, client: string, now: string) {
  const row = await db.selectFrom('login_codes').select('id')
    .where('organization_id', '=', organizationId).where('email', '=', email).where('client', '<>', client)
    .where('used_at', 'is', null).where('expires_at', '>', now)
    .limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * An earlier code of this client with this hash that its newer code replaced, or undefined. Sending a code
 * retires the client's older ones with `used_at` set to the new code's `created_at` (one transaction, one
 * timestamp), which tells a replaced code from one used to sign in.
 */
export function findReplacedLoginCode(db: Db, organizationId: string, email: string, client: string, codeHash: string) {
  return db.selectFrom('login_codes as old').select('old.id')
    .where('old.organization_id', '=', organizationId).where('old.email', '=', email)
    .where('old.client', '=', client).where('old.code_hash', '=', codeHash)
    .where(({ exists, selectFrom }) => exists(selectFrom('login_codes as newer').select('newer.id')
      .whereRef('newer.organization_id', '=', 'old.organization_id').whereRef('newer.email', '=', 'old.email')
      .whereRef('newer.client', '=', 'old.client')
      .whereRef('newer.created_at', '=', 'old.used_at').whereRef('newer.id', '<>', 'old.id')))
    .limit(1).executeTakeFirst();
}

/** Counts a wrong try; conditional so concurrent tries cannot exceed the limit unnoticed. */
export async function countWrongTry(db: Db, id: string): Promise<number> {
  const row = await db.updateTable('login_codes').set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id).returning('attempts').executeTakeFirst();
  return Number(row?.attempts ?? 0);
}

/** Marks the code used; answers false when another request used it first (single use). */
export async function useLoginCode(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db.updateTable('login_codes').set({ used_at: now })
    .where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function insertSession(db: Db, row: { id: string; token_hash: string; user_id: string; created_at: string; expires_at: string }) {
  return db.insertInto('sessions').values({ ...row, ended_at: null }).execute();
}

/**
 * The live session for a token hash: its user's row, with the session's id and the organization's token, time
 * zone and content version (with the user's page version, what a kept signed-in page is checked against).
 */
export async function findLiveSession(db: Db, tokenHash: string, now: string) {
  const row = await liveSession.first(db, tokenHash, now);
  // A time zone Intl cannot read is read as UTC (../organization/time-zone.ts).
  return row && { ...row, timeZone: readTimeZone(row.timeZone, row.organization_id) };
}

// Every signed-in request looks its session up: built and compiled once (../db/prepared.ts).
const liveSession = prepared((db, tokenHash: string, now: string) => db.selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    // The caller needs its organization's token and time zone, and GET /user/me the user's row: one statement.
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .selectAll('users')
    .select(['sessions.id as sessionId', 'organizations.token as organizationToken', 'organizations.time_zone as timeZone',
      'organizations.content_version as contentVersion'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.ended_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    // Blocking ends the sessions too; this also closes one opened by a sign-in racing the block.
    .where('users.blocked_at', 'is', null));

export function endSessionById(db: Db, id: string, now: string) {
  return db.updateTable('sessions').set({ ended_at: now }).where('id', '=', id).execute();
}


export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;
