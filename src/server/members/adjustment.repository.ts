import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { MemberAdjustmentTable } from './member.table.ts';

// The SQL of adjustments (member_adjustments); the rules are in ./adjustment.service.ts.

export type AdjustmentRow = MemberAdjustmentTable;

export function insertAdjustment(db: Db, row: AdjustmentRow) {
  return db.insertInto('member_adjustments').values(row).execute();
}

export function findAdjustment(db: Db, organizationId: string, id: string) {
  return db.selectFrom('member_adjustments').selectAll()
    .where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

export function findAdjustmentByKey(db: Db, organizationId: string, idempotencyKey: string) {
  return db.selectFrom('member_adjustments').selectAll()
    .where('organization_id', '=', organizationId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** An applied or pending adjustment of this supporter that takes back `entryId` (a supporter's adjustments: a handful, by index). */
export function findReversalOf(db: Db, userId: string, entryId: string) {
  return db.selectFrom('member_adjustments').select(['id', 'status'])
    .where('user_id', '=', userId).where('reverses_entry_id', '=', entryId).where('status', 'in', ['applied', 'pending'])
    .executeTakeFirst();
}

/**
 * The points of what one operator applied at once (within support's limits) since `since`, with when:
 * the caller keeps those of today in the club's time zone. Approved ones are the owner's, not counted.
 */
export function listAppliedAtOnceSince(db: Db, requestedById: string, since: string) {
  return db.selectFrom('member_adjustments').select(['points', 'created_at'])
    .where('requested_by_id', '=', requestedById).where('created_at', '>=', since)
    .where('status', '=', 'applied').where('decided_at', 'is', null)
    .execute();
}

/** Marks a pending adjustment decided; answers false when it was not pending any more (decided meanwhile). */
export async function decideAdjustment(db: Db, id: string, change: Pick<AdjustmentRow, 'status' | 'decided_by_label' | 'decided_at' | 'ledger_entry_id'>) {
  const result = await db.updateTable('member_adjustments').set(change)
    .where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function setLedgerEntry(db: Db, id: string, ledgerEntryId: string) {
  return db.updateTable('member_adjustments').set({ ledger_entry_id: ledgerEntryId }).where('id', '=', id).execute();
}

/** A supporter of the organization, with the balance an adjustment changes. */
export function findSupporter(db: Db, organizationId: string, userId: string) {
  return db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'points', 'lifetime_points'])
    .where('organization_id', '=', organizationId).where('id', '=', userId).executeTakeFirst();
}

/** Newest first, with the supporter's address and name; `limit` rows at most. */
export function listAdjustments(db: Db, organizationId: string, status: AdjustmentRow['status'], limit: number) {
  return db.selectFrom('member_adjustments as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .selectAll('a').select(['u.email', 'u.first_name', 'u.last_name'])
    .where('a.organization_id', '=', organizationId).where('a.status', '=', status)
    .orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit)
    .execute();
}

/**
 * Serializes what decides an adjustment's fate, until the transaction ends: the requester's day (two of one
 * operator's at once must not both fit the daily limit) and the supporter (two reversals of one award at once:
 * the second must see the first). SQLite's transactions hold the write lock from their start already.
 */
export async function lockForAdjustment(db: Db, userId: string, requesterId: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`member-adjustments:${requesterId}`}))`.execute(db);
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
