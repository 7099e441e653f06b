// The fresh databases the fuzz and the crash test run the real server on, removed afterwards:
// a SQLite file, and a PostgreSQL database of its own when a PostgreSQL URL is given (the server
// takes its database from DATABASE_URL, which names a database, not a schema).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface FreshDatabase {
  name: 'sqlite' | 'postgres';
  url: string;
  drop(): Promise<void>;
}

export function freshSqlite(prefix: string): FreshDatabase {
  const folder = mkdtempSync(join(tmpdir(), `terrace-${prefix}-`));
  return {
    name: 'sqlite',
    url: `file:${join(folder, `${prefix}.db`)}`,
    async drop() { rmSync(folder, { recursive: true, force: true }); },
  };
}

/** A new database beside the one `adminUrl` names (the user must be allowed to create databases). */
export async function freshPostgres(adminUrl: string, prefix: string): Promise<FreshDatabase> {
  const name = `terrace_${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name: 'postgres',
    url: url.toString(),
    // WITH (FORCE): a killed server may leave connections that PostgreSQL has not noticed yet.
    async drop() { await admin(`drop database if exists "${name}" with (force)`); },
  };
}

/**
 * SQLite always, then PostgreSQL when one of `variables` holds a postgres:// URL; each made when its turn comes.
 * `only` keeps one of the two (`npm test` fuzzes each database in its own lane).
 */
export function databaseTargets(prefix: string, variables: string[], only?: FreshDatabase['name']): Array<() => Promise<FreshDatabase>> {
  const postgresUrl = variables.map((v) => process.env[v]).find((v) => v?.startsWith('postgres'));
  return [
    ...(only !== 'postgres' ? [async () => freshSqlite(prefix)] : []),
    ...(postgresUrl && only !== 'sqlite' ? [() => freshPostgres(postgresUrl, prefix)] : []),
  ];
}

/** Runs `check` on each fresh database of databaseTargets in turn, dropping each after; true when every check passed. */
export async function checkEachDatabase(
  prefix: string, variables: string[], check: (database: FreshDatabase) => Promise<boolean>, only?: FreshDatabase['name'],
): Promise<boolean> {
  let ok = true;
  for (const makeDatabase of databaseTargets(prefix, variables, only)) {
    const database = await makeDatabase();
    try {
      ok = (await check(database)) && ok;
    } finally {
      await database.drop();
    }
  }
  return ok;
}
