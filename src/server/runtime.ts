import { createApp, type App } from './app.ts';
import { getConfig } from './config.ts';
import { createDatabase, type Db } from './db/connection.ts';
import { onShutdown } from './lifecycle.ts';

let db: Db | undefined;
let app: App | undefined;

/** The process's one database, opened on first use and closed on shutdown. */
export function getDatabase(): Db {
  if (!db) {
    const opened = createDatabase(getConfig().DATABASE_URL);
    onShutdown(() => opened.destroy());
    db = opened;
  }
  return db;
}

/** The process's one loyalty API, in process: Astro hands it every /api request. */
export function getApp(): App {
  app ??= createApp({ db: getDatabase() });
  return app;
}
