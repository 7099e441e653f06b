// The built server's own SQLite file (playwright.config.ts starts it on ./.e2e-data/terrace.db). Tests
// use it only to move time: a row written as if days ago, since a browser cannot wait a month.
import { DatabaseSync } from 'node:sqlite';

export const E2E_DATABASE = './.e2e-data/terrace.db';

/** Runs one statement against the running server's database, waiting for its write lock if need be. */
export function runSql(statement: string, ...params: Array<string | number>): void {
  const db = new DatabaseSync(E2E_DATABASE, { timeout: 5_000 });
  try {
    db.prepare(statement).run(...params);
  } finally {
    db.close();
  }
}

/** An ISO time `days` ago. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
