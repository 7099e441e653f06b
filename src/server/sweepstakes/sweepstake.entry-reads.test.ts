import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createDatabase, type Db } from '../db/connection.ts';
import { balances, newSupporter, newSweepstake } from '../testing/sweepstakes.ts';
import { createTestApp, headers, TEST_SECRET, type TestApp } from '../testing/test-app.ts';

// Entries to one sweepstake wait for each other while its row is held (PostgreSQL: the ticket count's update holds
// it to the commit), so every statement there is a wait for the next entrant of a popular prize. An entry takes the
// row last: after it only the key's answer, the page version and the commit. And what it reads of the supporter's
// entries it reads once: their tickets, free entry and holder id in one statement; the answer's count is made from
// it and the entry's own tickets.

let t: TestApp;
let db: Db;
let entryApp: ReturnType<typeof createApp>;
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // A second handle on the same database, logging every statement it runs.
  db = createDatabase(t.testDb.url, {
    ...(t.testDb.schema ? { schema: t.testDb.schema } : {}),
    log: (event) => { if (event.level === 'query') statements.push(event.query.sql); },
  });
  entryApp = createApp({ db, mailer: t.mailer, secret: TEST_SECRET, publicUrl: 'http://terrace.test', production: false, media: t.media });
});

afterAll(async () => {
  await db.destroy();
  await t.close();
});

async function enter(sweepstakeId: string, token: string, count: number, path = 'entry') {
  statements.length = 0;
  const response = await entryApp.request(`/api/sweepstake/${sweepstakeId}/${path}`, {
    method: 'POST', headers: headers(token, { 'Idempotency-Key': randomUUID() }), ...(path === 'entry' ? { body: JSON.stringify({ count }) } : {}),
  });
  expect(response.status).toBe(200);
  return { data: (await response.json()).data, run: [...statements] };
}

/** The statements run from the ticket count's update (which takes the sweepstake's row) to the end of the request. */
function whileHeld(run: string[]): string[] {
  const from = run.findIndex((sql) => /^update "sweepstakes" set "ticket_count"/.test(sql));
  expect(from).toBeGreaterThanOrEqual(0);
  return run.slice(from);
}

const onEntries = (run: string[]) => run.filter((sql) => /"sweepstake_entries"/.test(sql));

describe(`an entry while the sweepstake's row is held (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('takes the row last, reads the supporter\'s holding once, and answers the count with the new tickets', async () => {
    const s = await newSweepstake(t, { costPerEntry: 10, maxEntriesPerSupporter: 6 });
    const { token, userId } = await newSupporter(t, 200);

    const free = await enter(s.id, token, 1, 'free-entry');
    expect(free.data).toMatchObject({ entryCount: 1, remaining: 5, freeEntryUsed: true });
    const paid = await enter(s.id, token, 2);
    expect(paid.data).toMatchObject({ tickets: 2, entryCount: 3, remaining: 3, freeEntryUsed: true });

    // Once the row is held: the key's answer and the page version (one statement on PostgreSQL), the commit.
    const held = whileHeld(paid.run).slice(1);
    expect(held.every((sql) => /"idempotency_keys"|"page_version"|^commit/.test(sql))).toBe(true);
    expect(held.at(-1)).toBe('commit');
    // On the entries: the request's earlier entry, the holding (tickets, free entry, holder id), whether any earlier
    // entry exists, the insert.
    const entries = onEntries(paid.run);
    expect(entries).toHaveLength(4);
    expect(entries.filter((sql) => /^select/.test(sql))).toHaveLength(3);
    expect(entries.filter((sql) => /^insert/.test(sql))).toHaveLength(1);

    // One holder id for the supporter in this sweepstake, taken from their first entry.
    const rows = await t.testDb.db.selectFrom('sweepstake_entries').select(['holder', 'tickets'])
      .where('sweepstake_id', '=', s.id).where('user_id', '=', userId).execute();
    expect(rows.map((row) => Number(row.tickets)).sort()).toEqual([1, 2]);
    expect(new Set(rows.map((row) => row.holder)).size).toBe(1);
  });

  it('refuses an entry whose prize closed while it ran, at the row, and keeps nothing of it', async () => {
    const s = await newSweepstake(t, { costPerEntry: 10 });
    const { token, userId } = await newSupporter(t, 100);
    // Frozen as a freeze commits while an entry runs: the entry read the prize open and finds it closed at the row.
    await t.testDb.db.updateTable('sweepstakes').set({ frozen_at: new Date().toISOString() }).where('id', '=', s.id).execute();
    statements.length = 0;
    const response = await entryApp.request(`/api/sweepstake/${s.id}/entry`, {
      method: 'POST', headers: headers(token, { 'Idempotency-Key': randomUUID() }), body: JSON.stringify({ count: 2 }),
    });
    expect(response.status).toBe(422);
    expect((await response.json()).error).toMatchObject({ code: 'sweepstake_closed' });
    expect(statements.some((sql) => /^rollback/.test(sql))).toBe(true);
    expect(await balances(t, userId)).toEqual({ points: 100, lifetime: 100 });
    expect(await t.testDb.db.selectFrom('sweepstake_entries').select('id').where('sweepstake_id', '=', s.id).execute()).toEqual([]);
    expect(Number((await t.testDb.db.selectFrom('sweepstakes').select('ticket_count').where('id', '=', s.id).executeTakeFirstOrThrow()).ticket_count)).toBe(0);
  });
});
