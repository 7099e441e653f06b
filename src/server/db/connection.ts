import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type Dialect, type KyselyConfig } from 'kysely';
import pg from 'pg';
import { openNodeSqlite } from './node-sqlite.ts';
import { NamedStatementClient, PostgresDatabase } from './pg-named.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** PostgreSQL only: the schema to work in (tests use one schema each). */
  schema?: string;
  /** Kysely's query log (tests and scripts count the statements a request runs). */
  log?: KyselyConfig['log'];
  /** PostgreSQL only: the pool's most connections (DATABASE_POOL_SIZE for the server); 10 unless said. */
  poolSize?: number;
}

/** Whether `db` (or a transaction of it) speaks to PostgreSQL. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

/** idle and waiting only where the driver counts them (PostgreSQL). */
export type DialectTracer = (dialect: Dialect, system: 'sqlite' | 'postgresql') => Dialect;
// Set by src/server/observe/tracing.ts when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT): wraps the dialect so
// every statement is a span. Unset, nothing is wrapped and no OpenTelemetry module is loaded.
let tracer: DialectTracer | undefined;
const traced = (dialect: Dialect, system: 'sqlite' | 'postgresql'): Dialect => tracer?.(dialect, system) ?? dialect;

/** Databases opened from now on trace their statements with `next` (none: untraced). */
export function traceStatements(next: DialectTracer | undefined): void {
  tracer = next;
}

export interface PoolStats { total: number; idle?: number; waiting?: number }

const pools = new WeakMap<Db, () => PoolStats>();
const pgPools = new WeakMap<Db, pg.Pool>();

/**
 * PostgreSQL: the pool behind a database, for the job queue (src/server/db/job-queue.ts), which needs the rows of
 * every statement of a multi-statement query (Kysely keeps none of them) and shares the pool's settings and size.
 */
export function pgPoolOf(db: Db): pg.Pool | undefined {
  return pgPools.get(db);
}

/**
 * The connections behind a database, for the metrics: PostgreSQL's pool as pg counts it; SQLite has one
 * connection, which Kysely's driver lends to one query at a time: total 1, no idle or waiting count.
 */
export function poolStatsOf(db: Db): () => PoolStats {
  return pools.get(db) ?? (() => ({ total: 1 }));
}

export function createDatabase(url: string, options: DatabaseOptions = {}): Db {
  if (isPostgresUrl(url)) {
    // JIT off: Terrace's statements are short, and PostgreSQL compiles them when its estimate runs high (a report's
    // hour of the ledger, reckoned at thirty times its rows, spent 365 ms compiling a statement that runs in 30).
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      Client: NamedStatementClient,
      options: ['-c jit=off', ...(options.schema ? [`-c search_path=${options.schema}`] : [])].join(' '),
    });
    const db = new PostgresDatabase({ dialect: traced(new PostgresDialect({ pool }), 'postgresql'), ...(options.log ? { log: options.log } : {}) });
    pools.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    pgPools.set(db, pool);
    return db;
  }
  if (!url.startsWith('file:')) throw new Error(`Unsupported DATABASE_URL: ${url}`);
  const path = resolve(url.slice('file:'.length));
  mkdirSync(dirname(path), { recursive: true });
  return new Kysely<Database>({ dialect: traced(new SqliteDialect({ database: openNodeSqlite(path) }), 'sqlite'), ...(options.log ? { log: options.log } : {}) });
}
