import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SqliteDialect expects better-sqlite3's statement shape; node:sqlite differs in two ways:
 * parameters are spread rather than passed as an array, and there is no `reader` flag.
 */
export function openNodeSqlite(path: string): SqliteDatabase {
  const db = new DatabaseSync(path);
  // First, so that even switching the journal mode waits for another process (the operator command
  // beside a running server) instead of failing at once.
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA synchronous = NORMAL');
  // A checkpoint copies the WAL's pages into the database every 10,000 pages (40 MB) instead of SQLite's 1,000: a
  // page written by many commits in between (a board's levels, an index's upper pages) is copied once, and a
  // check-in's commit fell from about 350 to 240 µs (`npm run bench`).
  db.exec('PRAGMA wal_autocheckpoint = 10000');
  // Kysely prepares every query anew; parsing and planning the same SQL each time was 13% of a
  // signed-in page's CPU time. Statements are kept per SQL text (placeholders, not values), bounded
  // for queries whose text varies (IN lists); SQLite re-prepares a kept one itself after a migration.
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      db.close();
    },
    prepare: (sql) => {
      // Kysely opens transactions with a plain (deferred) `begin`: one that reads, then writes after
      // another process wrote, fails at once with "database is locked" (the busy timeout is not
      // consulted for a stale snapshot). Taking the write lock at `begin` makes it wait its turn instead.
      if (sql === 'begin') sql = 'begin immediate';
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statement = wrap(db.prepare(sql));
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

function wrap(statement: StatementSync): SqliteStatement {
  const columns = statement.columns().map((column) => column.name);
  if (columns.length === 0) {
    return {
      reader: false,
      all: (parameters) => statement.all(...toSqlite(parameters)),
      run: (parameters) => statement.run(...toSqlite(parameters)),
      iterate: (parameters) => statement.iterate(...toSqlite(parameters)),
    };
  }
  // node:sqlite builds each row object property by property, which cost more than running the query
  // (a fifth of a signed-in page's API time): it hands back arrays instead, made into rows here.
  statement.setReturnArrays(true);
  const toRow = rowMaker(columns);
  return {
    reader: true,
    all: (parameters) => (statement.all(...toSqlite(parameters)) as unknown as unknown[][]).map(toRow),
    run: (parameters) => statement.run(...toSqlite(parameters)),
    iterate: (parameters) => rowsOf(statement.iterate(...toSqlite(parameters)) as unknown as Iterator<unknown[]>, toRow),
  };
}

/**
 * A function making a row object from a row array, written as one object literal so V8 builds every row
 * from one template. Column names come from the SQL Kysely compiled from our code, and go in quoted, as
 * computed keys: every name is an own property, as node:sqlite's own rows have them, `__proto__` included.
 */
function rowMaker(columns: string[]): (values: unknown[]) => unknown {
  const fields = columns.map((name, index) => `[${JSON.stringify(name)}]: values[${index}]`);
  return new Function('values', `return { ${fields.join(', ')} };`) as (values: unknown[]) => unknown;
}

function* rowsOf(rows: Iterator<unknown[]>, toRow: (values: unknown[]) => unknown): IterableIterator<unknown> {
  for (let next = rows.next(); !next.done; next = rows.next()) yield toRow(next.value);
}

// node:sqlite refuses booleans and Dates; store them the way the schema does (0/1, ISO text).
function toSqlite(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}
