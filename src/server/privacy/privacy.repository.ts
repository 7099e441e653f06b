import type { Kysely } from 'kysely';
import type { Db } from '../db/connection.ts';

type Row = Record<string, unknown>;

/** The supporter's own row, every column. */
export function findProfile(db: Db, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** The supporter of this organization (id and when erased), or undefined: another club's does not exist here. */
export function findSupporterOf(db: Db, organizationId: string, userId: string) {
  return db.selectFrom('users').select(['id', 'email', 'organization_id', 'erased_at']).where('id', '=', userId).where('organization_id', '=', organizationId).executeTakeFirst();
}

/** Every row of `table` whose `by` column is the supporter (table names come from the export's own list, never input). */
export function rowsOf(db: Db, table: string, by: string, userId: string): Promise<Row[]> {
  return (db as unknown as Kysely<Record<string, Row>>).selectFrom(table).selectAll().where(by, '=', userId).execute();
}

/** The supporter's sessions without their secret (the token's hash). */
export function sessionsOf(db: Db, userId: string) {
  return db.selectFrom('sessions').select(['id', 'created_at', 'expires_at', 'ended_at']).where('user_id', '=', userId).orderBy('created_at').execute();
}

/** The supporter's personal fields removed, the address replaced, `erased_at` set. */
export function clearProfile(db: Db, userId: string, email: string, at: string) {
  return db.updateTable('users').set({
    email, username: null, first_name: null, last_name: null, phone_number: null, zip_code: null,
    birthday: null, birthday_set_at: null, properties: '{}', avatar_url: null, erased_at: at, updated_at: at,
  }).where('id', '=', userId).execute();
}

/** Everything of the supporter's that goes with their personal data (see privacy.erase.ts for what stays). */
export async function deletePersonalRows(db: Db, user: { id: string; email: string; organization_id: string }, at: string): Promise<void> {
  await db.updateTable('sessions').set({ ended_at: at }).where('user_id', '=', user.id).where('ended_at', 'is', null).execute();
  await db.deleteFrom('login_codes').where('organization_id', '=', user.organization_id).where('email', '=', user.email).execute();
  await db.deleteFrom('user_consent_events').where('user_id', '=', user.id).execute();
  await db.deleteFrom('user_consents').where('user_id', '=', user.id).execute();
  await db.deleteFrom('provider_accounts').where('user_id', '=', user.id).execute();
  await db.updateTable('challenge_responses').set({ response_text: null }).where('user_id', '=', user.id).execute();
  await db.updateTable('sweepstake_winners').set({ display_name: null }).where('user_id', '=', user.id).execute();
  // Requests to the club: kept as having been made (their reference, topic, dates), without the words.
  await db.deleteFrom('support_request_replies').where('request_id', 'in', db.selectFrom('support_requests').select('id').where('user_id', '=', user.id)).execute();
  await db.updateTable('support_requests').set({ message: '' }).where('user_id', '=', user.id).execute();
}

/** The supporter's uploads, deleted; answers their file names. */
export async function takeUploads(db: Db, userId: string): Promise<string[]> {
  const uploads = await db.selectFrom('media_uploads').select('name').where('user_id', '=', userId).execute();
  await db.deleteFrom('media_uploads').where('user_id', '=', userId).execute();
  return uploads.map((u) => u.name);
}

/** Whether another supporter's upload is the same file (files are named by their content). */
export async function isUploaded(db: Db, name: string): Promise<boolean> {
  return !!await db.selectFrom('media_uploads').select('name').where('name', '=', name).executeTakeFirst();
}

const count = (results: { numDeletedRows: bigint }[]) => Number(results.reduce((sum, r) => sum + r.numDeletedRows, 0n));

/** Supporters' sessions that ended or expired before `before`. */
export async function deleteSessionsBefore(db: Db, before: string): Promise<number> {
  return count(await db.deleteFrom('sessions').where('expires_at', '<', before).execute())
    + count(await db.deleteFrom('sessions').where('ended_at', '<', before).execute());
}

/** Console sessions that ended, or were last used, before `before`. */
export async function deleteOperatorSessionsBefore(db: Db, before: string): Promise<number> {
  return count(await db.deleteFrom('operator_sessions').where((eb) => eb.or([eb('ended_at', '<', before), eb('last_used_at', '<', before)])).execute());
}

/** Sign-in codes and identity-provider sign-in states that expired before `before`. */
export async function deleteSignInCodesBefore(db: Db, before: string): Promise<number> {
  return count(await db.deleteFrom('login_codes').where('expires_at', '<', before).execute())
    + count(await db.deleteFrom('provider_sign_ins').where('expires_at', '<', before).execute());
}

/** Sign-in attempt counters whose window opened before `before`. */
export async function deleteRateLimitsBefore(db: Db, before: string): Promise<number> {
  return count(await db.deleteFrom('rate_limit_hits').where('window_start', '<', before).execute());
}

/** Keyword guesses made before `before`: they no longer count against the hourly limit. */
export async function deleteKeywordGuessesBefore(db: Db, before: string): Promise<number> {
  return count(await db.deleteFrom('keyword_guesses').where('guessed_at', '<', before).execute());
}
