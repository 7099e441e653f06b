import { getConfig } from '../../shared/config.server.ts';
import { onShutdown } from '../lifecycle.ts';
import { getMetrics } from '../observe/metrics.ts';
import { createDatabase, poolStatsOf, type Db } from './connection.ts';

let database: Db | undefined;

/** The process's one database, opened on first use and closed on shutdown. */
export function getDatabase(): Db {
  if (!database) {
    const config = getConfig();
    const opened = createDatabase(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
    onShutdown(() => opened.destroy());
    database = opened;
    getMetrics().pool = poolStatsOf(opened);
  }
  return database;
}
