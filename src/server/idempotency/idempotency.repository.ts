import { isPostgres, type Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { lastOfTransaction } from '../db/pg-named.ts';
import { prepared } from '../db/prepared.ts';
import { raiseSupporterVersions, withVersionRaised } from '../versions/versions.repository.ts';
import type { IdempotencyKeyTable } from './idempotency.table.ts';

export type IdempotencyKeyRow = IdempotencyKeyTable;

/**
 * One request's hold on a key: scope, key and created_at name it, so a claim taken over is no longer its own.
 * `owner` is the process holding it (./process-owner.ts).
 */
export type Claim = Pick<IdempotencyKeyTable, 'scope' | 'key' | 'fingerprint' | 'created_at'> & { owner?: string | null };

/** An answer as kept: its status, the headers replayed with it, its bytes. */
export interface Answer { status: number; headers: Record<string, string>; body: Uint8Array }

function answerColumns(answer: Answer) {
  return {
    response_status: answer.status,
    response_headers: JSON.stringify(answer.headers),
    response_body: Buffer.from(answer.body).toString('base64'),
  };
}

// Every write with an Idempotency-Key runs one of these: built and compiled once (../db/prepared.ts).
type AnsweredArgs = [scope: string, key: string, fingerprint: string, createdAt: string, owner: string | null, status: number, headers: string, body: string];
const answeredRow = (...[scope, key, fingerprint, created_at, owner, response_status, response_headers, response_body]: AnsweredArgs) => ({
  scope, key, fingerprint, created_at, owner, status: 'completed' as const, response_status, response_headers, response_body,
}) satisfies Record<keyof IdempotencyKeyTable, unknown>;
const answeredInserted = prepared((db, ...args: AnsweredArgs) => db
  .insertInto('idempotency_keys').values(answeredRow(...args))
  .onConflict((oc) => oc.columns(['scope', 'key']).doNothing()).returning('key'));
// A write's answer, stored as the last statement of its transaction (its commit goes with it on PostgreSQL): a key
// already taken fails it, which fails the transaction, so nothing of the write commits.
const answeredLast = prepared((db, ...args: AnsweredArgs) => lastOfTransaction(db
  .insertInto('idempotency_keys').values(answeredRow(...args))));
const answeredLastRaising = prepared((db, userId: string, ...args: AnsweredArgs) => lastOfTransaction(withVersionRaised(db, userId)
  .insertInto('idempotency_keys').values(answeredRow(...args))));
function answeredArgs(claim: Claim, answer: Answer): AnsweredArgs {
  const { response_status, response_headers, response_body } = answerColumns(answer);
  return [claim.scope, claim.key, claim.fingerprint, claim.created_at, claim.owner ?? null, response_status, response_headers, response_body];
}
const keyCompleted = prepared((db, status: number, headers: string, body: string, scope: string, key: string, createdAt: string) => db
  .updateTable('idempotency_keys')
  .set({ status: 'completed', response_status: status, response_headers: headers, response_body: body })
  .where('scope', '=', scope).where('key', '=', key)
  .where('status', '=', 'pending').where('created_at', '=', createdAt));

/** Inserts a 'pending' row; false when the key is already taken in this scope. */
export async function insertClaim(db: Db, claim: Claim): Promise<boolean> {
  try {
    await db.insertInto('idempotency_keys').values({
      ...claim, owner: claim.owner ?? null, status: 'pending', response_status: null, response_headers: null, response_body: null,
    }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * A write's answer stored under its key as the last statement of its own transaction, with the page versions it
 * raises (`raising`: one id goes in the same statement on PostgreSQL); false when the key is taken, and the write
 * must roll back. On PostgreSQL an insert of the same key that another transaction holds uncommitted waits for it:
 * of two sends of one key, the second then rolls back and answers the first's answer.
 */
export async function storeAnswerInWrite(trx: Db, claim: Claim, answer: Answer, raising: string[]): Promise<boolean> {
  const args = answeredArgs(claim, answer);
  try {
    if (raising.length === 1 && isPostgres(trx)) {
      await answeredLastRaising.all(trx, raising[0]!, ...args);
      return true;
    }
    if (raising.length) await raiseSupporterVersions(trx, raising);
    await answeredLast.all(trx, ...args);
    return true;
  } catch (error) {
    // The key's own row, not another statement's sent with this one (../db/pg-named.ts `sentWithNext`).
    if (isUniqueViolation(error, 'idempotency_keys')) return false;
    throw error;
  }
}

/** Stores a refusal's answer in one statement (no claim was committed for it); false when the key is taken. */
export async function insertAnswered(db: Db, claim: Claim, answer: Answer): Promise<boolean> {
  return (await answeredInserted.first(db, ...answeredArgs(claim, answer))) !== undefined;
}

export function findKey(db: Db, scope: string, key: string) {
  return db.selectFrom('idempotency_keys').selectAll()
    .where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
}

/** Stores the answer of a claim, unless another request took the claim over meanwhile. */
export async function completeKey(db: Db, claim: Claim, answer: Answer): Promise<void> {
  const { response_status, response_headers, response_body } = answerColumns(answer);
  await keyCompleted.all(db, response_status, response_headers, response_body, claim.scope, claim.key, claim.created_at);
}

/** Gives a pending claim back, so a retry runs the request again. */
export function releaseClaim(db: Db, claim: Claim) {
  return db.deleteFrom('idempotency_keys')
    .where('scope', '=', claim.scope).where('key', '=', claim.key)
    .where('status', '=', 'pending').where('created_at', '=', claim.created_at)
    .execute();
}

/**
 * Moves an abandoned pending claim (the one read, created at `staleCreatedAt`) to this request and process.
 * One conditional update: of two requests racing for it, only one sees a row changed.
 */
export async function takeOverClaim(db: Db, claim: Claim, staleCreatedAt: string): Promise<boolean> {
  const result = await db.updateTable('idempotency_keys')
    .set({ created_at: claim.created_at, owner: claim.owner ?? null })
    .where('scope', '=', claim.scope).where('key', '=', claim.key).where('fingerprint', '=', claim.fingerprint)
    .where('status', '=', 'pending').where('created_at', '=', staleCreatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
