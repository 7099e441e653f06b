import type { Db } from '../db/connection.ts';
import { ApiError, msg } from '../errors.ts';
import { countHit } from './rate-limit.repository.ts';

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
    if ((await countHit(db, limit.key, windowStart)) > limit.max) {
      const minutes = Math.ceil(limit.windowMs / 60_000);
      throw new ApiError('rate_limited', msg('api.rateLimit.wait', { count: minutes }));
    }
  }
}
