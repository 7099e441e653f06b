// The node:sqlite adapter reads rows as arrays and makes the objects itself: they must be the objects
// node:sqlite would have made, whatever the columns are called.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openNodeSqlite } from './node-sqlite.ts';

const folder = mkdtempSync(join(tmpdir(), 'terrace-node-sqlite-'));
const adapter = openNodeSqlite(join(folder, 'rows.db'));
const plain = new DatabaseSync(join(folder, 'rows.db'));
afterAll(() => {
  adapter.close();
  plain.close();
  rmSync(folder, { recursive: true, force: true });
});

adapter.prepare('create table t (id integer primary key, name text, score real, data blob, note text)').run([]);
adapter.prepare('insert into t (name, score, data, note) values (?, ?, ?, ?), (?, ?, ?, ?)')
  .run(['ada', 1.5, new Uint8Array([1, 2]), null, 'bo "quoted"', 2, new Uint8Array([]), 'x']);

/** What node:sqlite itself answers for the same statement, as objects. */
const expected = (sql: string, parameters: unknown[] = []) => plain.prepare(sql).all(...(parameters as string[]));

describe('rows read through the node:sqlite adapter', () => {
  it('are the objects node:sqlite makes: values, types, nulls and column order', () => {
    const sql = 'select * from t order by id';
    const rows = adapter.prepare(sql).all([]);
    expect(rows).toEqual(expected(sql));
    expect(Object.keys(rows[0] as object)).toEqual(['id', 'name', 'score', 'data', 'note']);
  });

  it('keep odd column names as own properties, and the last of two same-named columns', () => {
    const sql = `select 1 as "__proto__", 2 as "it's ""x""", 3 as "a", 4 as "a", name as "constructor" from t where id = ?`;
    const [row] = adapter.prepare(sql).all([1]) as Array<Record<string, unknown>>;
    expect(row).toEqual(expected(sql, [1])[0]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(1);
    expect(row!['it\'s "x"']).toBe(2);
    expect(row!['a']).toBe(4);
    expect(row!['constructor']).toBe('ada');
  });

  it('answer the same rows when iterated, and write through run', () => {
    const insert = adapter.prepare('insert into t (name) values (?) returning id, name');
    expect(insert.all(['cy'])).toEqual([{ id: 3, name: 'cy' }]);
    expect([...adapter.prepare('select id, name from t where id > ? order by id').iterate([1])]).toEqual([{ id: 2, name: 'bo "quoted"' }, { id: 3, name: 'cy' }]);
    expect(adapter.prepare('delete from t where id = ?').run([3]).changes).toBe(1);
  });
});

describe('a transaction beside another process writing the same file', () => {
  it('that reads, then writes after the other wrote, commits instead of failing with "database is locked"', () => {
    const other = new DatabaseSync(join(folder, 'rows.db'));
    other.exec('PRAGMA busy_timeout = 0');
    adapter.prepare('begin').run([]);
    adapter.prepare('select count(*) as n from t').all([]);
    // The other process (the operator command beside a running server) cannot slip a write in between:
    // it is told to wait (busy), which with its own busy timeout it does.
    expect(() => other.exec(`insert into t (name) values ('other')`)).toThrow(/locked|busy/i);
    adapter.prepare('insert into t (name) values (?)').run(['mine']);
    adapter.prepare('commit').run([]);
    other.exec(`insert into t (name) values ('other')`);
    expect(expected(`select name from t where name in ('mine', 'other') order by id`)).toEqual([{ name: 'mine' }, { name: 'other' }]);
    other.close();
  });
});
