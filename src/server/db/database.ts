import { getConfig } from '../../shared/config.server.ts';
import { onShutdown } from '../lifecycle.ts';
import { getMetrics } from '../observe/metrics.ts';
import { createDatabase, poolStatsOf, type Db } from './connection.ts';

// On globalThis: the HTTP server (run from source: scripts/start.ts) and the built Astro bundle each load
// their own copy of this module, and both must use the process's one connection (pool).
const KEY = Symbol.for('terrace.database');
const shared = globalThis as { [KEY]?: Db };

/** The process's one database, opened on first use and closed on shutdown. */
export function getDatabase(): Db {
  if (!shared[KEY]) {
    const opened = createDatabase(getConfig().DATABASE_URL);
    onShutdown(() => opened.destroy());
    shared[KEY] = opened;
    getMetrics().pool = poolStatsOf(opened);
  }
  return shared[KEY];
}
