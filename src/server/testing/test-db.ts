import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemo } from '../db/seed.ts';

export interface TestDb {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  /** How another process opens the same database: createDatabase(url, { schema }). */
  url: string;
  schema?: string;
  close(): Promise<void>;
}

/**
 * A real, migrated and seeded database for one test file: a fresh SQLite file, or, when
 * TEST_DATABASE_URL is set, a fresh schema in that PostgreSQL database (dropped on close).
 */
export async function createTestDb(): Promise<TestDb> {
  const url = process.env['TEST_DATABASE_URL'];
  if (url) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = createDatabase(url);
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    const db = createDatabase(url, { schema });
    await migrateToLatest(db, schema);
    await seedDemo(db);
    return {
      db,
      dialect: 'postgres',
      url,
      schema,
      async close() {
        await db.destroy();
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
        await admin.destroy();
      },
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'terrace-test-'));
  const file = `file:${join(folder, 'test.db')}`;
  const db = createDatabase(file);
  await migrateToLatest(db);
  await seedDemo(db);
  return {
    db,
    dialect: 'sqlite',
    url: file,
    async close() {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
