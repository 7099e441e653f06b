import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { createDatabase, type Db } from '../db/connection.ts';
import { dropJobQueue } from '../db/job-queue.ts';
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
 * A migrated and seeded database made once per Vitest run (src/server/testing/global-setup.ts) that each test
 * file copies: a SQLite file, or a PostgreSQL database used as CREATE DATABASE's template. Migrating and seeding
 * took about a second per file; a copy takes a tenth of that.
 */
export interface TestDbTemplate {
  dialect: 'sqlite' | 'postgres';
  /** The SQLite file, or the PostgreSQL database's name. */
  source: string;
  /** PostgreSQL: the schema inside it that holds the tables. */
  schema?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDbTemplate: TestDbTemplate | null;
  }
}

const TEMPLATE_SCHEMA = 'terrace';

/** The same server as `url`, another database. */
function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/**
 * Makes the run's template: migrated and seeded once. Undefined when PostgreSQL refuses CREATE DATABASE (a role
 * without CREATEDB): each file then migrates and seeds a schema of its own, as before.
 */
export async function createTestDbTemplate(): Promise<{ template: TestDbTemplate; drop(): Promise<void> } | undefined> {
  const url = process.env['TEST_DATABASE_URL'];
  if (url) {
    const name = `terrace_template_${randomBytes(6).toString('hex')}`;
    const admin = createDatabase(url);
    try {
      await sql`create database ${sql.id(name)}`.execute(admin);
    } catch (error) {
      await admin.destroy();
      if ((error as { code?: string }).code === '42501') return undefined;
      throw error;
    }
    try {
      const owner = createDatabase(databaseUrl(url, name));
      await sql`create schema ${sql.id(TEMPLATE_SCHEMA)}`.execute(owner);
      await owner.destroy();
      const db = createDatabase(databaseUrl(url, name), { schema: TEMPLATE_SCHEMA });
      await migrateToLatest(db, TEMPLATE_SCHEMA);
      await seedDemo(db);
      // No connection may stay open to a template: CREATE DATABASE refuses one in use.
      await db.destroy();
    } catch (error) {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
      throw error;
    }
    return {
      template: { dialect: 'postgres', source: name, schema: TEMPLATE_SCHEMA },
      async drop() {
        // The copies a file could not drop (a connection of its own still open), then the template.
        const { rows } = await sql<{ datname: string }>`select datname from pg_database where datname like ${`${name}\\_%`}`.execute(admin);
        for (const { datname } of rows) await sql`drop database if exists ${sql.id(datname)} with (force)`.execute(admin);
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
        await admin.destroy();
      },
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'terrace-template-'));
  const file = join(folder, 'template.db');
  const db = createDatabase(`file:${file}`);
  await migrateToLatest(db);
  await seedDemo(db);
  // Closing the last connection folds the write-ahead log into the file, so the file alone is the database.
  await db.destroy();
  return {
    template: { dialect: 'sqlite', source: file },
    async drop() {
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The run's template when it suits this database (Vitest's global setup made it), else undefined. */
function template(dialect: TestDb['dialect']): TestDbTemplate | undefined {
  let provided: TestDbTemplate | null | undefined;
  try {
    provided = inject('testDbTemplate');
  } catch {
    provided = undefined; // outside a Vitest worker
  }
  return provided?.dialect === dialect ? provided : undefined;
}

/**
 * A real, migrated and seeded database for one test file: a fresh SQLite file, or, when TEST_DATABASE_URL is set,
 * a fresh PostgreSQL database copied from the run's template (dropped on close); without a template, a fresh
 * schema in that database, migrated and seeded here.
 */
export async function createTestDb(): Promise<TestDb> {
  const url = process.env['TEST_DATABASE_URL'];
  if (url) {
    const copied = template('postgres');
    if (copied) {
      const name = `${copied.source}_${randomBytes(6).toString('hex')}`;
      const admin = createDatabase(url);
      await sql`create database ${sql.id(name)} template ${sql.id(copied.source)}`.execute(admin);
      // A test's commits need not survive a crash of the machine: they return without waiting for the disk
      // (every connection to this copy, the test's and its API server's, takes the setting).
      await sql`alter database ${sql.id(name)} set synchronous_commit = off`.execute(admin);
      const own = databaseUrl(url, name);
      const schema = copied.schema!;
      const db = createDatabase(own, { schema });
      return {
        db,
        dialect: 'postgres',
        url: own,
        schema,
        async close() {
          await db.destroy();
          // Dropped now unless a connection the file opened itself is still there (a query still running, a
          // database it did not close): never cut one off mid-file; the run's end drops what is left.
          const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = ${name}`.execute(admin);
          if (Number(rows[0]!.n) === 0) {
            await sql`drop database if exists ${sql.id(name)}`.execute(admin).catch(() => undefined);
          }
          await admin.destroy();
        },
      };
    }
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
        // Migrating made the job queue's schema beside it (src/server/db/job-queue.ts).
        await dropJobQueue(admin, schema);
        await admin.destroy();
      },
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'terrace-test-'));
  const path = join(folder, 'test.db');
  const copied = template('sqlite');
  if (copied) copyFileSync(copied.source, path);
  const file = `file:${path}`;
  const db = createDatabase(file);
  if (!copied) {
    await migrateToLatest(db);
    await seedDemo(db);
  }
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
