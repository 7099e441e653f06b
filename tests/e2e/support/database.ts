// The built server's own SQLite file: each Playwright project's server has one (playwright.config.ts, the
// project's `metadata.database`). Tests use it to move time (a row written as if days ago, since a browser
// cannot wait a month) and to make the club's first staff, as `npm run operator` does.
import { DatabaseSync } from 'node:sqlite';
import { test } from '@playwright/test';

/** The running test's server's database file. */
export function e2eDatabase(): string {
  return String(test.info().project.metadata['database']);
}

/** The running test's server: the project's base URL. */
export function appUrl(): string {
  return String(test.info().project.use.baseURL);
}

/** Runs one statement against the running server's database, waiting for its write lock if need be. */
export function runSql(statement: string, ...params: Array<string | number>): void {
  const db = new DatabaseSync(e2eDatabase(), { timeout: 5_000 });
  try {
    db.prepare(statement).run(...params);
  } finally {
    db.close();
  }
}

/** An ISO time `days` ago. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
