import { CHALLENGE_KIND } from '../challenges/challenge-kind.ts';
import type { Db } from '../db/connection.ts';
import type { LedgerEntryTable } from './ledger.table.ts';

export function findEntryByKey(db: Db, userId: string, idempotencyKey: string) {
  return db.selectFrom('ledger_entries').selectAll()
    .where('user_id', '=', userId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** Adds to both balances in one statement; answers the new balances. */
export function addToBalances(db: Db, userId: string, amount: number) {
  return db.updateTable('users')
    .set((eb) => ({ points: eb('points', '+', amount), lifetime_points: eb('lifetime_points', '+', amount) }))
    .where('id', '=', userId)
    .returning(['points', 'lifetime_points'])
    .executeTakeFirst();
}

/** Takes from the spendable balance only if it covers the amount: never below zero, whatever runs at once. */
export function takeFromBalance(db: Db, userId: string, amount: number) {
  return db.updateTable('users')
    .set((eb) => ({ points: eb('points', '-', amount) }))
    .where('id', '=', userId)
    .where('points', '>=', amount)
    .returning(['points', 'lifetime_points'])
    .executeTakeFirst();
}

export function insertEntry(db: Db, entry: LedgerEntryTable) {
  return db.insertInto('ledger_entries').values(entry).execute();
}

/**
 * Newest first; the cursor is the last entry of the previous page. A challenge's entry carries the
 * challenge's title (`title`), so the history can say which one it was.
 */
export function listEntries(db: Db, userId: string, limit: number, after?: { createdAt: string; id: string }) {
  let query = db.selectFrom('ledger_entries as e')
    .leftJoin('challenges as c', (join) => join.onRef('c.id', '=', 'e.reference').on('e.kind', '=', CHALLENGE_KIND))
    .selectAll('e').select('c.title as title')
    .where('e.user_id', '=', userId);
  if (after) {
    query = query.where((eb) => eb.or([
      eb('e.created_at', '<', after.createdAt),
      eb.and([eb('e.created_at', '=', after.createdAt), eb('e.id', '<', after.id)]),
    ]));
  }
  return query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).execute();
}
