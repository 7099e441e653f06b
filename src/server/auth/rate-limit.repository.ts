import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** Counts one hit of `key` in the window starting at `windowStart`, in one statement; answers the window's count. */
export async function countHit(db: Db, key: string, windowStart: string): Promise<number> {
  const row = await db.insertInto('rate_limit_hits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limit_hits.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
