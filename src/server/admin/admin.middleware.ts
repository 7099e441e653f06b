import { createHash, timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Operator endpoints answer only `Authorization: Bearer $ADMIN_TOKEN` (compared in constant time, on
 * digests so the length leaks nothing). Without ADMIN_TOKEN configured every call is refused.
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.get('deps').adminToken;
  const sent = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (!expected || !sent || !timingSafeEqual(digest(sent), digest(expected))) {
    throw new ApiError('unauthorized', 'api.auth.operatorToken');
  }
  return next();
});
