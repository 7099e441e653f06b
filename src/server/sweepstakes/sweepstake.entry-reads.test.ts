import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createDatabase, type Db } from '../db/connection.ts';
import { newSupporter, newSweepstake } from '../testing/sweepstakes.ts';
import { createTestApp, headers, TEST_SECRET, type TestApp } from '../testing/test-app.ts';

// Entries to one sweepstake wait for each other while its row is held (PostgreSQL: the ticket count's update holds
// it to the commit), so every statement there is a wait for the next entrant of a popular prize. What an entry reads
// there, it reads once: the supporter's tickets, free entry and holder id in one statement; the answer's count is
// made from it and the entry's own tickets, not read again.

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
    method: 'POST', headers: headers(token), ...(path === 'entry' ? { body: JSON.stringify({ count }) } : {}),
  });
  expect(response.status).toBe(200);
  return { data: (await response.json()).data, run: [...statements] };
}

/** The statements run from the ticket count's update (which takes the sweepstake's row) to the end of the entry. */
function whileHeld(run: string[]): string[] {
  const from = run.findIndex((sql) => /^update "sweepstakes" set "ticket_count"/.test(sql));
  expect(from).toBeGreaterThanOrEqual(0);
  return run.slice(from);
}

const onEntries = (run: string[]) => run.filter((sql) => /"sweepstake_entries"/.test(sql));

describe(`an entry while the sweepstake's row is held (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('reads the supporter\'s holding once, and answers the count with the new tickets', async () => {
    const s = await newSweepstake(t, { costPerEntry: 10, maxEntriesPerSupporter: 6 });
    const { token, userId } = await newSupporter(t, 200);

    const free = await enter(s.id, token, 1, 'free-entry');
    expect(free.data).toMatchObject({ entryCount: 1, remaining: 5, freeEntryUsed: true });
    const paid = await enter(s.id, token, 2);
    expect(paid.data).toMatchObject({ tickets: 2, entryCount: 3, remaining: 3, freeEntryUsed: true });

    // On the entries: the holding (tickets, free entry, holder id), whether any earlier entry exists, the insert.
    const held = onEntries(whileHeld(paid.run));
    expect(held).toHaveLength(3);
    expect(held.filter((sql) => /^select/.test(sql))).toHaveLength(2);
    expect(held.filter((sql) => /^insert/.test(sql))).toHaveLength(1);

    // One holder id for the supporter in this sweepstake, taken from their first entry.
    const rows = await t.testDb.db.selectFrom('sweepstake_entries').select(['holder', 'tickets'])
      .where('sweepstake_id', '=', s.id).where('user_id', '=', userId).execute();
    expect(rows.map((row) => Number(row.tickets)).sort()).toEqual([1, 2]);
    expect(new Set(rows.map((row) => row.holder)).size).toBe(1);
  });
});
