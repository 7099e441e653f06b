import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { gatherChanges } from './changes.ts';
import { raiseClubVersion, raiseSupporterVersions } from './versions.repository.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ADMIN_PREFIX = '/api/admin/';

/**
 * The one after-write hook: once a request is done, whatever it answered, the versions of what it may
 * have changed go up, so no process serves a page kept from before (src/server/http/kept-pages/). A
 * supporter's write raises their version, an operator's the club's; a balance change (server/ledger notes
 * it) raises its supporter's. Raised after the write has committed, never before: a page rendered in
 * between would otherwise be kept under the new version.
 */
export const raiseVersionsAfterWrites = createMiddleware<AppEnv>(async (c, next) => {
  const changed = new Set<string>();
  try {
    await gatherChanges(changed, next);
  } finally {
    const db = c.get('db');
    const userId = c.get('caller')?.userId;
    if (UNSAFE.has(c.req.method)) {
      if (c.req.path.startsWith(ADMIN_PREFIX)) await raiseClubVersion(db);
      else if (userId) changed.add(userId);
    }
    if (changed.size) await raiseSupporterVersions(db, [...changed]);
  }
});
