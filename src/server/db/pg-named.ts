import { Kysely, sql, type Expression, type TransactionBuilder } from 'kysely';
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

/**
 * Ends the text of a statement that is the last of its transaction (`lastOfTransaction` below): on PostgreSQL the
 * connection sends the `commit` right behind it, in the same write, and the commit costs no round trip of its own.
 * When the statement fails, its transaction has failed and that `commit` rolls it back. So after it the transaction
 * runs nothing but the commit Kysely sends, or the rollback of a failure.
 */
export const LAST_OF_TRANSACTION = '/* last of its transaction */';
/**
 * Ends the text of a statement inside a transaction whose answer no one reads (`sentWithNext` below): on PostgreSQL it
 * is answered at once with no rows and goes out with the transaction's next statement (or its commit), in one write.
 * When it fails, its transaction has failed, and that next statement is refused with its error.
 */
export const SENT_WITH_NEXT = '/* sent with the next statement */';

/** Marks a query as the last of its transaction (`LAST_OF_TRANSACTION`). */
export function lastOfTransaction<Query extends { modifyEnd(modifier: Expression<unknown>): Query }>(query: Query): Query {
  return query.modifyEnd(sql.raw(LAST_OF_TRANSACTION));
}

/** Marks a query whose answer no one reads (`SENT_WITH_NEXT`). */
export function sentWithNext<Query extends { modifyEnd(modifier: Expression<unknown>): Query }>(query: Query): Query {
  return query.modifyEnd(sql.raw(SENT_WITH_NEXT));
}

type Control = 'begin' | 'commit' | 'rollback';
function isControl(args: unknown[]): args is [Control, []] {
  const [text, values] = args;
  return args.length === 2 && Array.isArray(values) && values.length === 0 && (text === 'begin' || text === 'commit' || text === 'rollback');
}

/** What Kysely reads of a command's answer (the command and the rows). */
const answered = (command: string) => ({ command, rowCount: null, oid: 0, rows: [], fields: [] }) as unknown as pg.QueryResult;

export class NamedStatementClient extends pg.Client {
  #names = new Map<string, string>();
  #generation = schemaGeneration;
  #made = 0;
  #inTransaction = false;
  /** Queries held back to go out with the next one: the transaction's `begin`, statements sent with the next. */
  #held: unknown[][] = [];
  /** The `commit` sent behind a transaction's last statement, answered when Kysely ends the transaction. */
  #ended: Promise<pg.QueryResult> | undefined;

  // Pipeline mode sends a query without waiting for the one before to be answered: a transaction's `begin` and its
  // first statement go out in one write and cost one round trip (on a small machine each round trip woke PostgreSQL
  // and cost this process a socket write, the largest single part of a write's CPU), and so do a statement whose
  // answer no one reads and the next, and a transaction's last statement and its `commit`. Kysely awaits every
  // statement, so no other query is ever in flight beside them.
  constructor(config?: pg.ClientConfig) {
    super({ ...config, pipeline: true } as pg.ClientConfig);
  }

  // pg's query has many overloads; Kysely calls query(text, values) and awaits the promise.
  override query(...args: unknown[]): never {
    if (isControl(args)) return this.#control(args[0]) as never;
    const text = typeof args[0] === 'string' && this.#inTransaction ? args[0] : '';
    if (text.endsWith(SENT_WITH_NEXT)) {
      this.#held.push(args);
      return Promise.resolve(answered('HELD')) as never;
    }
    return this.#sendWithHeld(args, text.endsWith(LAST_OF_TRANSACTION)) as never;
  }

  /** Sends the held queries, then this one (then `commit`), in one write. */
  #sendWithHeld(args: unknown[], commitAfter: boolean): Promise<pg.QueryResult> {
    if (!this.#held.length && !commitAfter) return this.#send(args);
    const stream = (this as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
    stream.cork();
    try {
      const before = this.#held.map((held) => this.#send(held));
      this.#held = [];
      const result = this.#send(args);
      if (commitAfter) {
        this.#ended = super.query('commit');
        // Answered to Kysely's commit or rollback; a broken connection fails the statement too, which Kysely hears.
        this.#ended.catch(() => undefined);
      }
      // A held query that fails fails the transaction, and every statement after it: its own error is the one told
      // (answers come in order, so it rejects first). `begin` fails only inside a transaction, which Kysely never asks.
      return before.length ? Promise.all([...before, result]).then((all) => all.at(-1)!) : result;
    } finally {
      stream.uncork();
    }
  }

  #control(text: Control): Promise<pg.QueryResult> {
    if (text === 'begin') {
      if (this.#inTransaction) return this.#send([text, []]);
      this.#inTransaction = true;
      this.#held.push([text, []]);
      return Promise.resolve(answered('BEGIN'));
    }
    this.#inTransaction = false;
    const held = this.#held;
    const unsent = held[0]?.[0] === 'begin';
    // A rollback drops what was held: it never ran.
    if (text === 'rollback' || (unsent && held.length === 1)) this.#held = [];
    // A transaction whose `begin` was never sent: nothing ran on the server, nothing to end.
    if (unsent && !this.#held.length) return Promise.resolve(answered(text.toUpperCase()));
    const ended = this.#ended;
    this.#ended = undefined;
    if (ended) {
      // Its answer is COMMIT, or ROLLBACK when the last statement failed. A rollback asked after a commit that took
      // means something ran after the last statement and failed: its write stands, which must never pass unseen.
      if (text === 'commit') return ended;
      return ended.then((result) => {
        if (result.command === 'COMMIT') throw new Error('a transaction failed after its last statement, which had already committed it');
        return result;
      });
    }
    return this.#sendWithHeld([text, []], false);
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
