import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

// Test tooling, kept here because only the ledger names its table: the ledger of the club the EXPLAIN check fills
// (src/server/testing/explain.ts), written with SQL on PostgreSQL. No request path calls it.

export const LEDGER_TABLE = 'ledger_entries';

/**
 * `rowsEach` rows for each of `users` supporters (ids `<userIdPrefix>1…`), spread evenly over the last year in
 * time order as a ledger is written: check-ins most, challenges, and a spend in ten. Balances are left alone.
 */
export async function fillLedger(db: Db, { userIdPrefix, users, rowsEach }: { userIdPrefix: string; users: number; rowsEach: number }): Promise<void> {
  const rows = users * rowsEach;
  await sql`insert into ledger_entries (id, user_id, amount, kind, reference, idempotency_key, balance_after, lifetime_after, created_at)
    select ${userIdPrefix} || i, ${userIdPrefix} || (1 + i % ${users}::int), case when i % 10 = 0 then -30 else 10 end,
      case when i % 10 = 0 then 'sweepstake_entry' when i % 3 = 0 then 'challenge' else 'checkin' end, null, 'fill:' || i, 0, 0,
      to_char((now() - interval '365 days' * (1 - i::float8 / ${rows}::float8)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    from generate_series(1, ${rows}::int) i`.execute(db);
}
