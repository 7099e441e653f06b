import { Kysely, type TransactionBuilder } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// PostgreSQL parses and plans every unnamed statement anew, and for Terrace's short statements planning is most of
// what the server spends on them. So each connection prepares a statement once by name and then only binds and runs
// it; after five runs PostgreSQL keeps a generic plan where it costs no more than the custom ones (plan_cache_mode
// auto). Only statements with parameters are named: one without may hold several commands, which only the simple
// protocol runs.
//
// A prepared statement whose result is a star (`select *`, `returning *`) fails with "cached plan must not change
// result type" once a newer process's migration adds a column to its table (a rolling deploy). Then every connection
// of this process forgets its names; a statement outside a transaction runs again at once, unnamed, and a transaction
// (which has failed and rolled back) runs once more from its start (`PostgresDatabase`). A migration changes no column
// a running release reads (docs/operations.md), so no other statement's result changes.

/** Named statements a connection keeps at most: `in (…)` lists of every length each make a text of their own. */
const MOST_NAMES = 400;
/** The message of SQLSTATE 0A000 when a prepared statement's result columns changed under it. */
const RESULT_CHANGED = 'cached plan must not change result type';

function resultChanged(error: unknown): boolean {
  return error instanceof Error && error.message.includes(RESULT_CHANGED);
}

/** Raised when any connection of this process saw a result change: every connection then starts its names afresh. */
let schemaGeneration = 0;

/** What `begin` answers: Kysely reads only the command and the rows. */
const BEGUN = { command: 'BEGIN', rowCount: null, oid: 0, rows: [], fields: [] } as unknown as pg.QueryResult;

export class NamedStatementClient extends pg.Client {
  #names = new Map<string, string>();
  #generation = schemaGeneration;
  #made = 0;
  /** A `begin` held back, to go out with the transaction's first statement. */
  #beginHeld = false;

  // Pipeline mode sends a query without waiting for the one before to be answered: a held `begin` and the statement
  // after it go out in one write and cost one round trip (on a small machine each round trip woke PostgreSQL and
  // cost this process a socket write, the largest single part of a write's CPU). Kysely awaits every statement, so
  // no other query is ever in flight beside them.
  constructor(config?: pg.ClientConfig) {
    super({ ...config, pipeline: true } as pg.ClientConfig);
  }

  // pg's query has many overloads; Kysely calls query(text, values) and awaits the promise.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (args.length === 2 && Array.isArray(values) && values.length === 0 && (text === 'begin' || text === 'commit' || text === 'rollback')) {
      if (text === 'begin' && !this.#beginHeld) {
        this.#beginHeld = true;
        return Promise.resolve(BEGUN) as never;
      }
      if (this.#beginHeld) {
        // A transaction that ran nothing: nothing was sent, nothing to end.
        this.#beginHeld = false;
        return Promise.resolve({ ...BEGUN, command: text.toUpperCase() }) as never;
      }
    }
    if (!this.#beginHeld) return this.#send(args) as never;
    this.#beginHeld = false;
    const stream = (this as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
    stream.cork();
    try {
      const begun = super.query('begin');
      const answered = this.#send(args);
      // Both fail when the connection does; `begin` alone fails only inside a transaction, which Kysely never asks.
      return Promise.all([begun, answered]).then(([, result]) => result) as never;
    } finally {
      stream.uncork();
    }
  }

  /** Sends one query: by name when it has parameters. */
  #send(args: unknown[]): Promise<pg.QueryResult> {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || values.length === 0) {
      return (super.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args);
    }
    return this.#named(text, values);
  }

  async #named(text: string, values: unknown[]): Promise<pg.QueryResult> {
    if (this.#generation !== schemaGeneration) {
      // The statements prepared before stay on the server until the connection closes; new names replace them.
      this.#names = new Map();
      this.#generation = schemaGeneration;
    }
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < MOST_NAMES) {
      name = `terrace_${(this.#made += 1)}`;
      this.#names.set(text, name);
    }
    if (name === undefined) return super.query(text, values);
    try {
      return await super.query({ name, text, values });
    } catch (error) {
      if (!resultChanged(error)) throw error;
      schemaGeneration += 1;
      if (this.getTransactionStatus() !== 'I') throw error;
      return super.query(text, values);
    }
  }
}

/** Kysely on PostgreSQL: a transaction that met a result changed under a prepared statement runs once more. */
export class PostgresDatabase extends Kysely<Database> {
  override transaction(): TransactionBuilder<Database> {
    const builder = super.transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = async (callback) => {
      try {
        return await execute(callback);
      } catch (error) {
        if (!resultChanged(error)) throw error;
        return execute(callback);
      }
    };
    return builder;
  }
}
