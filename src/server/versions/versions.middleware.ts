import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/connection.ts';
import type { AppEnv } from '../env.ts';
import { gatherChanges, requestChanges, type RequestChanges } from './changes.ts';
import { raiseClubVersion, raiseSupporterVersions } from './versions.repository.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ADMIN_PREFIX = '/api/admin/';

/**
 * The one after-write hook: once a request is done, whatever it answered, the versions of what it may
 * have changed go up, so no process serves a page kept from before (src/server/http/kept-pages/). A
 * supporter's write raises their version, an operator's the club's; a balance change (server/ledger notes
 * it) raises its supporter's. Raised after the write has committed, never before in a transaction of its own:
 * a page rendered in between would otherwise be kept under the new version. A write that raises them in its own
 * transaction (`versionsOfWrite`) is seen with its versions at once, and they are not raised again here.
 */
export const raiseVersionsAfterWrites = createMiddleware<AppEnv>(async (c, next) => {
  const gathered: RequestChanges = { changed: new Set(), raised: new Set() };
  try {
    await gatherChanges(gathered, next);
  } finally {
    const db = c.get('db');
    const userId = c.get('caller')?.userId;
    if (UNSAFE.has(c.req.method)) {
      if (c.req.path.startsWith(ADMIN_PREFIX)) await raiseClubVersion(db);
      else if (userId && !gathered.raised.has(userId)) gathered.changed.add(userId);
    }
    if (gathered.changed.size) await raiseSupporterVersions(db, [...gathered.changed]);
  }
});

/**
 * The versions a supporter's write raises in its own transaction, as its last statement: the caller's and those of
 * everyone whose balance it changed. Readers see the write and the new versions at once (a page reads the version
 * before its data, so one kept under the new version holds the write). Asked once the write's work is done; the
 * caller raises `ids` (versions.repository.ts) and calls `committed` once the transaction has, so the after-write
 * hook does not raise them again.
 */
export function versionsOfWrite(callerId: string | null): { ids: string[]; committed: () => void } {
  const request = requestChanges();
  const ids = new Set(request?.changed);
  if (callerId) ids.add(callerId);
  return {
    ids: [...ids],
    committed: () => {
      if (!request) return;
      for (const id of ids) {
        request.changed.delete(id);
        request.raised.add(id);
      }
    },
  };
}

/**
 * A write that is not the request's own (the birthday bonus, paid as a page reads the supporter) in one transaction
 * with the versions of the balances it changed: one commit, as a supporter's write. A write that changed nothing (the
 * bonus paid already) raises nothing.
 */
export async function writeWithVersions<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  // Inside a write's own transaction (answerInOneCommit), that write raises them with its own.
  if (db.isTransaction) return work(db);
  const { result, versions } = await db.transaction().execute(async (trx) => {
    const result = await work(trx);
    const versions = versionsOfWrite(null);
    if (versions.ids.length) await raiseSupporterVersions(trx, versions.ids);
    return { result, versions };
  });
  versions.committed();
  return result;
}
