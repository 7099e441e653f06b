import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { IdempotencyKeyTable } from './idempotency.table.ts';

export type IdempotencyKeyRow = IdempotencyKeyTable;

/** Inserts a 'pending' row; false when the key is already taken in this scope. */
export async function insertClaim(
  db: Db, claim: Pick<IdempotencyKeyTable, 'scope' | 'key' | 'fingerprint' | 'created_at'>,
): Promise<boolean> {
  try {
    await db.insertInto('idempotency_keys').values({
      ...claim, status: 'pending', response_status: null, response_headers: null, response_body: null,
    }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export function findKey(db: Db, scope: string, key: string) {
  return db.selectFrom('idempotency_keys').selectAll()
    .where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
}

/** Stores the answer of a claimed key. */
export function completeKey(
  db: Db, scope: string, key: string,
  answer: { status: number; headers: Record<string, string>; body: Uint8Array },
) {
  return db.updateTable('idempotency_keys')
    .set({
      status: 'completed',
      response_status: answer.status,
      response_headers: JSON.stringify(answer.headers),
      response_body: Buffer.from(answer.body).toString('base64'),
    })
    .where('scope', '=', scope).where('key', '=', key).where('status', '=', 'pending')
    .execute();
}

/** Gives a pending claim back, so a retry runs the request again. */
export function releaseClaim(db: Db, scope: string, key: string) {
  return db.deleteFrom('idempotency_keys')
    .where('scope', '=', scope).where('key', '=', key).where('status', '=', 'pending')
    .execute();
}

/** Deletes one row if it is still the one that was read (a newer claim of the same key stays). */
export function deleteKeyCreatedAt(db: Db, scope: string, key: string, createdAt: string) {
  return db.deleteFrom('idempotency_keys')
    .where('scope', '=', scope).where('key', '=', key).where('created_at', '=', createdAt)
    .execute();
}

/** Deletes every row older than the cutoff (ISO time). */
export function deleteKeysBefore(db: Db, cutoff: string) {
  return db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
}
