import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { raiseContentVersion } from '../organization/organization.repository.ts';
import { raisePageVersion } from './user.repository.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ADMIN_PREFIX = '/api/admin/';

/**
 * After every write, whatever it answered, the pages kept in memory for whoever it may have changed are
 * made afresh (src/server/http/supporter-page-cache.ts): a supporter's own writes raise their page
 * version, an operator's raise the content version every page is kept under. Raised after the write has
 * committed, never before: a page rendered in between would otherwise be kept under the new version.
 * Balance changes raise the page version themselves, inside the ledger's transaction.
 */
export const raiseVersionsAfterWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!UNSAFE.has(c.req.method)) return next();
  try {
    await next();
  } finally {
    const db = c.get('db');
    const userId = c.get('caller')?.userId;
    if (c.req.path.startsWith(ADMIN_PREFIX)) await raiseContentVersion(db);
    else if (userId) await raisePageVersion(db, userId);
  }
});
