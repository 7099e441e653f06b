import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';

export interface Limit {
  /** e.g. `login-send:email:ana@example.com` */
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one hit against each limit in a fixed window, in the database so that every server
 * process shares the count. Throws a 429 when any limit is passed.
 */
export async function hitRateLimits(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  for (const limit of limits) {
    const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs).toISOString();
    const row = await db.insertInto('rate_limit_hits')
      .values({ key: limit.key, window_start: windowStart, count: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limit_hits.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    if (Number(row.count) > limit.max) {
      const minutes = Math.ceil(limit.windowMs / 60_000);
      throw new ApiError('rate_limited', `Too many attempts. Wait ${minutes} minutes and try again.`);
    }
  }
}
