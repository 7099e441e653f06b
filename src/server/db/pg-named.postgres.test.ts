import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { createDatabase, type Db } from './connection.ts';
import { LAST_OF_TRANSACTION, NamedStatementClient, SENT_WITH_NEXT } from './pg-named.ts';

// The PostgreSQL connections prepare each statement with parameters once, by name (src/server/db/pg-named.ts), and
// live through a newer process's migration adding a column under a prepared `select *` (a rolling deploy): nothing
// fails, a transaction runs again.

let t: TestDb;
/** Two connections: what one of them learns about a changed table, the other must act on too. */
let db: Db;

beforeAll(async () => {
  t = await createTestDb();
  db = createDatabase(t.url, { ...(t.schema ? { schema: t.schema } : {}), poolSize: 2 });
  await sql`create table named_probe (id integer primary key, label text not null)`.execute(db);
  await sql`insert into named_probe values (1, 'one'), (2, 'two')`.execute(db);
});

afterAll(async () => {
  await db.destroy();
  await t.close();
});

/** The statements the connection running it has prepared by name (none are prepared by the query itself: no parameters). */
async function preparedNames(on: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(on);
  return rows.map((row) => row.name);
}

const byId = (on: Db, id: number) => on.selectFrom('named_probe' as never).selectAll().where('id' as never, '=', id as never).executeTakeFirst() as Promise<Record<string, unknown> | undefined>;

type Counted = { client: NamedStatementClient; writes: number; query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[]; command: string }> };

/** Runs `work` with a client of ours whose writes to the server's socket are counted, however many messages each carries. */
async function withCountedClient(work: (c: Counted) => Promise<void>): Promise<void> {
  const client = new NamedStatementClient({ connectionString: t.url, ...(t.schema ? { options: `-c search_path=${t.schema}` } : {}) });
  await client.connect();
  const stream = (client as unknown as { connection: { stream: { _write: (...a: unknown[]) => void; _writev: (...a: unknown[]) => void } } }).connection.stream;
  const counted: Counted = { client, writes: 0, query: (text, values = []) => client.query(text, values) as unknown as ReturnType<Counted['query']> };
  for (const name of ['_write', '_writev'] as const) {
    const original = stream[name].bind(stream);
    stream[name] = (...a: unknown[]) => { counted.writes += 1; original(...a); };
  }
  try {
    await work(counted);
  } finally {
    await client.end();
  }
}

/** The probe rows with ids from `from` up to `to`, in order. */
const idsBetween = async (c: Counted, from: number, to: number) => (await c.query('select id from named_probe where id >= $1 and id < $2 order by id', [from, to])).rows;

describe('named statements on PostgreSQL', () => {
  it('prepares a statement with parameters once on its connection and runs it again by name', async () => {
    await db.connection().execute(async (one) => {
      expect(await byId(one, 1)).toEqual({ id: 1, label: 'one' });
      const names = await preparedNames(one);
      expect(names.filter((name) => name.startsWith('terrace_'))).toHaveLength(1);
      expect(await byId(one, 2)).toEqual({ id: 2, label: 'two' });
      expect(await preparedNames(one)).toEqual(names);
    });
  });

  it('answers a prepared select * after another process adds a column, outside a transaction and in the next one', async () => {
    // Both connections prepare the statement.
    await Promise.all([db.connection().execute((one) => byId(one, 1)), db.connection().execute((two) => byId(two, 2))]);
    const other = createDatabase(t.url, t.schema ? { schema: t.schema } : {});
    try {
      await sql`alter table named_probe add column shirt integer not null default 7`.execute(other);
    } finally {
      await other.destroy();
    }
    // Outside a transaction: run again unnamed, with the new column.
    expect(await byId(db, 1)).toEqual({ id: 1, label: 'one', shirt: 7 });
    // The pool's other connection forgot its names too: a transaction on either connection reads the new column.
    for (let i = 0; i < 2; i += 1) {
      const rows = await Promise.all([1, 2].map((id) => db.transaction().execute((trx) => byId(trx, id))));
      expect(rows).toEqual([{ id: 1, label: 'one', shirt: 7 }, { id: 2, label: 'two', shirt: 7 }]);
    }
  });

  it('runs a transaction again, once, when its prepared select * meets the added column, and no other', async () => {
    // Inside a transaction too, a star is prepared by name.
    const names = await db.transaction().execute(async (trx) => {
      await byId(trx, 1);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements where name like 'terrace_%'`.execute(trx);
      return rows.map((row) => row.statement);
    });
    expect(names).toContain('select * from "named_probe" where "id" = $1');
    await Promise.all([db.connection().execute((one) => byId(one, 1)), db.connection().execute((two) => byId(two, 2))]);
    const other = createDatabase(t.url, t.schema ? { schema: t.schema } : {});
    try {
      await sql`alter table named_probe add column squad text not null default 'first team'`.execute(other);
    } finally {
      await other.destroy();
    }
    let runs = 0;
    for (const id of [1, 2, 1, 2]) {
      const row = await db.transaction().execute((trx) => {
        runs += 1;
        return byId(trx, id);
      });
      expect(row).toMatchObject({ id, shirt: 7, squad: 'first team' });
    }
    expect(runs).toBe(5);
  });

  it('runs statements without parameters, several commands among them, as before', async () => {
    await sql`create table named_probe_two (id integer); insert into named_probe_two values (1), (2)`.execute(db);
    expect(await db.selectFrom('named_probe_two' as never).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst()).toEqual({ n: '2' });
  });

  it('sends a transaction\'s begin with its first statement, in one write, and nothing for a transaction that ran nothing', async () => {
    await withCountedClient(async (c) => {
      await c.query('begin');
      expect(c.writes).toBe(0);
      await c.query('insert into named_probe (id, label) values ($1, $2)', [3, 'three']);
      expect(c.writes).toBe(1);
      expect(c.client.getTransactionStatus()).toBe('T');
      await c.query('rollback');
      expect(c.writes).toBe(2);
      // The insert was inside the transaction: rolled back with it.
      expect((await c.query('select id from named_probe where id = $1', [3])).rows).toEqual([]);
      c.writes = 0;
      await c.query('begin');
      await c.query('commit');
      expect(c.writes).toBe(0);
      expect(c.client.getTransactionStatus()).toBe('I');
    });
  });

  it('sends a transaction\'s commit with its last statement, in one write: a failed last statement rolls the transaction back', async () => {
    await withCountedClient(async (c) => {
      const ids = () => idsBetween(c, 10, 20);
      const last = `insert into named_probe (id, label) values ($1, $2) ${LAST_OF_TRANSACTION}`;

      await c.query('begin');
      await c.query('insert into named_probe (id, label) values ($1, $2)', [10, 'ten']);
      c.writes = 0;
      await c.query(last, [11, 'eleven']);
      expect(c.writes).toBe(1);
      // Sent already: Kysely's commit is answered without a write of its own.
      expect((await c.query('commit')).command).toBe('COMMIT');
      expect(c.writes).toBe(1);
      expect(c.client.getTransactionStatus()).toBe('I');
      expect(await ids()).toEqual([{ id: 10 }, { id: 11 }]);

      // The same key again fails the last statement, and the commit behind it rolls the whole transaction back.
      await c.query('begin');
      await c.query('insert into named_probe (id, label) values ($1, $2)', [12, 'twelve']);
      await expect(c.query(last, [11, 'again'])).rejects.toMatchObject({ code: '23505' });
      c.writes = 0;
      expect((await c.query('rollback')).command).toBe('ROLLBACK');
      expect(c.writes).toBe(0);
      expect(await ids()).toEqual([{ id: 10 }, { id: 11 }]);

      // Outside a transaction the mark changes nothing.
      c.writes = 0;
      await c.query(last, [13, 'thirteen']);
      expect(c.writes).toBe(1);
      expect(await ids()).toEqual([{ id: 10 }, { id: 11 }, { id: 13 }]);
    });
  });

  it('sends a statement whose answer no one reads with the next one, in one write; its failure fails that next one and the transaction', async () => {
    await withCountedClient(async (c) => {
      const ids = () => idsBetween(c, 20, 30);
      const held = `insert into named_probe (id, label) values ($1, $2) ${SENT_WITH_NEXT}`;

      // With the next statement.
      await c.query('begin');
      await c.query('insert into named_probe (id, label) values ($1, $2)', [20, 'twenty']);
      c.writes = 0;
      expect((await c.query(held, [21, 'twenty-one'])).rows).toEqual([]);
      expect(c.writes).toBe(0);
      expect((await c.query('select count(*)::int as n from named_probe where id >= $1', [20])).rows).toEqual([{ n: 2 }]);
      expect(c.writes).toBe(1);
      // With the commit, and with the begin of a transaction that runs nothing else.
      await c.query(held, [22, 'twenty-two']);
      await c.query('commit');
      expect(c.writes).toBe(2);
      await c.query('begin');
      await c.query(held, [23, 'twenty-three']);
      await c.query('commit');
      expect(c.writes).toBe(3);
      expect(await ids()).toEqual([{ id: 20 }, { id: 21 }, { id: 22 }, { id: 23 }]);

      // A rollback drops it unsent.
      c.writes = 0;
      await c.query('begin');
      await c.query('insert into named_probe (id, label) values ($1, $2)', [24, 'twenty-four']);
      await c.query(held, [25, 'twenty-five']);
      await c.query('rollback');
      expect(c.writes).toBe(2);
      expect(await ids()).toEqual([{ id: 20 }, { id: 21 }, { id: 22 }, { id: 23 }]);

      // Its failure is told by the next statement, and by a commit: the transaction is rolled back.
      await c.query('begin');
      await c.query(held, [20, 'taken']);
      await expect(c.query('insert into named_probe (id, label) values ($1, $2)', [26, 'twenty-six'])).rejects.toMatchObject({ code: '23505' });
      await c.query('rollback');
      await c.query('begin');
      await c.query('insert into named_probe (id, label) values ($1, $2)', [27, 'twenty-seven']);
      await c.query(held, [21, 'taken']);
      await expect(c.query('commit')).rejects.toMatchObject({ code: '23505' });
      await c.query('rollback');
      expect(await ids()).toEqual([{ id: 20 }, { id: 21 }, { id: 22 }, { id: 23 }]);
      expect(c.client.getTransactionStatus()).toBe('I');
    });
  });
});
