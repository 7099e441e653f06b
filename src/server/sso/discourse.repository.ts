import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';

// Used DiscourseConnect nonces live in the generic one-time-key table (idempotency_keys, migration 006),
// under their own scope, so no migration is needed. Its purge (idempotency.middleware.ts) removes rows after 24 hours: by then
// Discourse itself has long refused the nonce (its nonces expire after 10 minutes).
const scope = (organizationId: string) => `discourse-nonce:${organizationId}`;

/** Marks a nonce as answered; false when it was answered before (a replay). */
export async function claimNonce(db: Db, organizationId: string, nonce: string, now: string): Promise<boolean> {
  try {
    await db.insertInto('idempotency_keys').values({
      scope: scope(organizationId), key: nonce, fingerprint: 'discourse-connect', status: 'completed',
      response_status: null, response_headers: null, response_body: null, created_at: now,
    }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function isNonceUsed(db: Db, organizationId: string, nonce: string): Promise<boolean> {
  const row = await db.selectFrom('idempotency_keys').select('key')
    .where('scope', '=', scope(organizationId)).where('key', '=', nonce).executeTakeFirst();
  return Boolean(row);
}
