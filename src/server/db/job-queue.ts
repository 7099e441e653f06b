import { sql } from 'kysely';
import type { Db as QueueDb } from 'pg-boss';
import { isPostgres, pgPoolOf, type Db } from './connection.ts';

// The job queue's tables on PostgreSQL (pg-boss: src/server/jobs/queue.ts) live in a schema of their own beside
// the app's: `terrace_jobs` next to `public`, `<schema>_jobs` next to any other (a test file's schema).
// pg-boss is imported only here and there, and only on PostgreSQL: it loads OpenTelemetry's API, which a
// server on SQLite never does (docs/operations.md, Tracing).

export function jobQueueSchemaBeside(appSchema: string): string {
  return appSchema === 'public' ? 'terrace_jobs' : `${appSchema}_jobs`;
}

/**
 * The queue's way to the database: the process's own pg pool (its size, its jit=off and search_path), with pg's
 * own answers. Not pg-boss's Kysely adapter: Kysely keeps no rows of a multi-statement query, and pg-boss's
 * maintenance reads them (a failed check there left finished jobs undeleted).
 */
export function jobQueueDatabase(db: Db): QueueDb {
  const pool = pgPoolOf(db);
  if (!pool) throw new Error('the job queue runs on PostgreSQL only');
  return { executeSql: (text, values) => pool.query(text, values) };
}

/** The queue's schema beside the one the connection works in (its search_path). */
export async function jobQueueSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return jobQueueSchemaBeside(rows[0]!.schema);
}

/**
 * Creates the queue's schema when it is not there (PostgreSQL; SQLite has no queue): the last step of
 * migrating (src/server/db/migrate.ts), so `npm start`, `db:migrate`, `db:reset` and the test databases all
 * have it. pg-boss's own later upgrades run when a server starts it (migrate: true, under its advisory lock).
 */
export async function installJobQueue(db: Db): Promise<void> {
  if (!isPostgres(db)) return;
  const schema = await jobQueueSchema(db);
  const { rows } = await sql<{ installed: string | null }>`select to_regclass(${`${schema}.version`}) as installed`.execute(db);
  if (rows[0]?.installed) return;
  const { getConstructionPlans } = await import('pg-boss');
  try {
    // One statement list of pg-boss's (its own transaction and advisory lock), parameter-free.
    await sql.raw(getConstructionPlans(schema)).execute(db);
  } catch (error) {
    // Another process migrating at the same moment made it first.
    if (!String((error as Error).message).includes('already exists')) throw error;
  }
}

/** Drops the queue's schema beside `appSchema` (db:reset and the test databases drop the app's). */
export async function dropJobQueue(db: Db, appSchema: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop schema if exists ${sql.id(jobQueueSchemaBeside(appSchema))} cascade`.execute(db);
}
