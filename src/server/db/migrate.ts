import { Migrator } from 'kysely/migration';
import type { Db } from './connection.ts';
import { installJobQueue } from './job-queue.ts';
import { migrations } from './migrations/index.ts';

// On PostgreSQL the migrator must be told its schema: it looks for its own tables across all schemas.
function migrator(db: Db, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * Applies every pending migration, then makes sure the job queue's schema is there (PostgreSQL); throws on the
 * first failure with the migration's name.
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  const { error, results = [] } = await migrator(db, schema).migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  // Not a numbered migration: pg-boss's install opens and commits its own transaction, which Kysely's
  // migrator would already have open around it.
  await installJobQueue(db);
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
