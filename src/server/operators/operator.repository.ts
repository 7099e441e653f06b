import { PostgresAdapter, type Insertable } from 'kysely';
import type { OperatorRole } from '../../shared/operator-roles.ts';
import type { Db } from '../db/connection.ts';
import type { ApiKeyTable, OperatorTable } from './operator.table.ts';

export function findOperatorByEmail(db: Db, organizationId: string, email: string) {
  return db.selectFrom('operators').selectAll().where('organization_id', '=', organizationId).where('email', '=', email).executeTakeFirst();
}

export function findOperator(db: Db, organizationId: string, id: string) {
  return db.selectFrom('operators').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

export function listOperators(db: Db, organizationId: string) {
  return db.selectFrom('operators').selectAll().where('organization_id', '=', organizationId).orderBy('email').execute();
}

export function insertOperator(db: Db, row: Insertable<OperatorTable>) {
  return db.insertInto('operators').values(row).execute();
}

/**
 * The organization's owners, counted under a lock of their rows on PostgreSQL: two owners demoting each
 * other at once wait for one another, so the second sees one owner left (SQLite runs one write at a time).
 */
export async function countOwnersForChange(db: Db, organizationId: string): Promise<number> {
  const query = db.selectFrom('operators').select('id').where('organization_id', '=', organizationId).where('role', '=', 'owner');
  const rows = await (db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query).execute();
  return rows.length;
}

export function setOperatorRole(db: Db, id: string, role: OperatorRole, now: string) {
  return db.updateTable('operators').set({ role, updated_at: now }).where('id', '=', id).execute();
}

/** Its sessions go with it (ON DELETE CASCADE). */
export function deleteOperator(db: Db, id: string) {
  return db.deleteFrom('operators').where('id', '=', id).execute();
}

export function insertOperatorSession(db: Db, row: { id: string; token_hash: string; operator_id: string; now: string }) {
  return db.insertInto('operator_sessions').values({
    id: row.id, token_hash: row.token_hash, operator_id: row.operator_id, created_at: row.now, last_used_at: row.now, ended_at: null,
  }).execute();
}

/** A live session (not ended, used since `idleSince`) with its operator. */
export function findLiveOperatorSession(db: Db, tokenHash: string, idleSince: string) {
  return db.selectFrom('operator_sessions as s').innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id as sessionId', 's.last_used_at as lastUsedAt', 'o.id', 'o.organization_id', 'o.email', 'o.role'])
    .where('s.token_hash', '=', tokenHash).where('s.ended_at', 'is', null).where('s.last_used_at', '>=', idleSince)
    .executeTakeFirst();
}

export function touchOperatorSession(db: Db, sessionId: string, now: string) {
  return db.updateTable('operator_sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
}

export function endOperatorSession(db: Db, sessionId: string, now: string) {
  return db.updateTable('operator_sessions').set({ ended_at: now }).where('id', '=', sessionId).where('ended_at', 'is', null).execute();
}

export function insertApiKey(db: Db, row: Insertable<ApiKeyTable>) {
  return db.insertInto('api_keys').values(row).execute();
}

export function listApiKeys(db: Db, organizationId: string) {
  return db.selectFrom('api_keys').select(['id', 'name', 'role', 'key_hint', 'created_by', 'created_at', 'last_used_at', 'uses', 'revoked_at'])
    .where('organization_id', '=', organizationId).orderBy('created_at', 'desc').execute();
}

export function findApiKey(db: Db, organizationId: string, id: string) {
  return db.selectFrom('api_keys').select(['id', 'name', 'role', 'key_hint', 'created_by', 'created_at', 'last_used_at', 'uses', 'revoked_at'])
    .where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

export function findLiveApiKey(db: Db, keyHash: string) {
  return db.selectFrom('api_keys').select(['id', 'organization_id', 'name', 'role'])
    .where('key_hash', '=', keyHash).where('revoked_at', 'is', null).executeTakeFirst();
}

/** Counts a use; one statement, so concurrent uses all count. */
export function countApiKeyUse(db: Db, id: string, now: string) {
  return db.updateTable('api_keys').set((eb) => ({ last_used_at: now, uses: eb('uses', '+', 1) })).where('id', '=', id).execute();
}

export function revokeApiKey(db: Db, id: string, now: string) {
  return db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}
