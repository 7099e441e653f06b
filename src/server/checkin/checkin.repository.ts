import type { Db } from '../db/connection.ts';

/** Check-ins are ledger entries of kind `checkin` keyed `checkin:YYYY-MM-DD` (the organization's local day). */
export const CHECKIN_KIND = 'checkin';
export const CHECKIN_KEY_PREFIX = 'checkin:';

/**
 * The user's check-in days, newest first, strictly before `beforeDay` when given. The key holds the
 * day, so this is a range scan of the ledger's unique (user_id, idempotency_key) index, and ISO days
 * sort the way the calendar does.
 */
export async function listCheckinDays(db: Db, userId: string, limit: number, beforeDay?: string): Promise<string[]> {
  const rows = await db.selectFrom('ledger_entries')
    .select('idempotency_key')
    .where('user_id', '=', userId)
    .where('kind', '=', CHECKIN_KIND)
    .where('idempotency_key', '>=', CHECKIN_KEY_PREFIX)
    .where('idempotency_key', '<', beforeDay ? `${CHECKIN_KEY_PREFIX}${beforeDay}` : `${CHECKIN_KEY_PREFIX}~`)
    .orderBy('idempotency_key', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.idempotency_key.slice(CHECKIN_KEY_PREFIX.length));
}
