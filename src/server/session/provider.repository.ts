import type { Db } from '../db/connection.ts';
import type { ProviderSignInTable } from './provider.table.ts';

export async function insertSignIn(db: Db, row: ProviderSignInTable, now: string) {
  // Sign-ins never finished (the supporter closed the tab) are swept here, so the table stays small.
  await db.deleteFrom('provider_sign_ins').where('expires_at', '<=', now).execute();
  await db.insertInto('provider_sign_ins').values(row).execute();
}

/** Takes the sign-in once: a second callback with the same state finds nothing. */
export async function takeSignIn(db: Db, organizationId: string, stateHash: string) {
  return db.deleteFrom('provider_sign_ins')
    .where('state_hash', '=', stateHash).where('organization_id', '=', organizationId)
    .returning(['code_verifier', 'nonce', 'expires_at']).executeTakeFirst();
}

export function findAccountUser(db: Db, organizationId: string, subject: string) {
  return db.selectFrom('provider_accounts').select('user_id')
    .where('organization_id', '=', organizationId).where('subject', '=', subject).executeTakeFirst();
}

export function findAccountOfUser(db: Db, userId: string) {
  return db.selectFrom('provider_accounts').select('subject').where('user_id', '=', userId).executeTakeFirst();
}

export function linkAccount(db: Db, row: { organization_id: string; subject: string; user_id: string; created_at: string }) {
  return db.insertInto('provider_accounts').values(row).execute();
}

export function insertSessionIdToken(db: Db, sessionId: string, idToken: string) {
  return db.insertInto('provider_sessions').values({ session_id: sessionId, id_token: idToken }).execute();
}

/** The session's ID token, taken: it is needed once, for the provider's sign-out. */
export async function takeSessionIdToken(db: Db, sessionId: string): Promise<string | undefined> {
  const row = await db.deleteFrom('provider_sessions').where('session_id', '=', sessionId).returning('id_token').executeTakeFirst();
  return row?.id_token;
}
