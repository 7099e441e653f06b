import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { api, endNow, enter, newSupporter, newSweepstake } from '../testing/sweepstakes.ts';
import { drawWinners, entryListHash, type PublishedEntry } from './sweepstake.draw.ts';
import { drawWinnersOnce } from './sweepstake.operator.ts';
import { entryPageMap, entryPageMapQuery, findSweepstakeRowById } from './sweepstake.repository.ts';
import { freezeIfDue } from './sweepstake.service.ts';

// A prize page that costs the same at any size (issue 22, item 4) and addresses that name one sweepstake
// (item 5): the frozen list in pages, from indexes; a slug never in an id's form.

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const postgres = !!process.env['TEST_DATABASE_URL'];
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const data = async (res: Response) => (await res.json()).data;

/** `count` entries of other supporters, written straight to the table (as the perf script fills it). */
async function otherEntries(sweepstakeId: string, userId: string, count: number) {
  const holder = hex(12);
  const now = new Date().toISOString();
  await t.testDb.db.insertInto('sweepstake_entries').values(Array.from({ length: count }, (_, i) => ({
    id: hex(12), sweepstake_id: sweepstakeId, user_id: userId, holder, tickets: 1 + (i % 3), points_spent: 0,
    request_key: `bulk:${i}`, ledger_key: null, refunded_at: null, created_at: now,
  }))).execute();
}

/**
 * The query plan's text: SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's EXPLAIN with sequential scans, bitmap
 * scans and sorts priced out, which on tiny test tables it would pick: a sort then left in the plan means no
 * index gives the order.
 */
async function planOf(query: { compile(): { sql: string; parameters: readonly unknown[] } }): Promise<string> {
  const { sql: text, parameters } = query.compile();
  if (!postgres) {
    const plan = await t.testDb.db.executeQuery(CompiledQuery.raw(`explain query plan ${text}`, [...parameters]));
    return (plan.rows as Array<{ detail: string }>).map((r) => r.detail).join('\n');
  }
  return t.testDb.db.transaction().execute(async (trx) => {
    for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await sql.raw(`set local ${setting} = off`).execute(trx);
    const plan = await trx.executeQuery(CompiledQuery.raw(`explain ${text}`, [...parameters]));
    return (plan.rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe(`a prize page at any size (${postgres ? 'postgres' : 'sqlite'})`, () => {
  it('serves the frozen list in pages that add up to the published hash, with the caller\'s own entries beside', async () => {
    const s = await newSweepstake(t, { costPerEntry: 10 });
    const me = await newSupporter(t, 100);
    const others = await newSupporter(t);
    await enter(t, s.id, me.token, 2);
    await otherEntries(s.id, others.userId, 37);
    await enter(t, s.id, me.token, 1);

    const open = await data(await api(t, `/sweepstake/${s.id}/entries`, { token: me.token }));
    expect(open).toMatchObject({ frozen: false, entriesHash: null, total: null, next: null });
    expect(open.mine.map((e: PublishedEntry) => e.tickets).sort()).toEqual([1, 2]);
    expect(open.entries).toEqual(open.mine);

    await endNow(t, s.id);
    type Line = PublishedEntry & { mine: boolean };
    const pages: Array<{ entries: Line[]; mine: Line[]; next: string | null; total: number; entriesHash: string }> = [];
    for (let after: string | null = ''; after !== null;) {
      const page = await data(await api(t, `/sweepstake/${s.id}/entries?limit=10${after ? `&after=${after}` : ''}`, { token: me.token }));
      pages.push(page);
      after = page.next;
    }
    expect(pages.map((p) => p.entries.length)).toEqual([10, 10, 10, 9]);
    const all = pages.flatMap((p) => p.entries);
    expect(pages[0]!.total).toBe(39);
    const ids = all.map((e) => e.entryId);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(39);
    expect(entryListHash(all)).toBe(pages[0]!.entriesHash);
    expect(all.filter((e) => e.mine).map((e) => e.entryId)).toEqual(pages[0]!.mine.map((e) => e.entryId));
    expect((await data(await api(t, `/sweepstake/${s.id}`))).entriesHash).toBe(pages[0]!.entriesHash);

    // Made once: a view after the freeze reads the stored hash, it does not hash the list again.
    await t.testDb.db.updateTable('sweepstake_entries').set({ tickets: 99 }).where('id', '=', ids[0]!).execute();
    expect((await data(await api(t, `/sweepstake/${s.id}/entries?limit=1`))).entriesHash).toBe(pages[0]!.entriesHash);

    // The default page, and refusals a person can act on.
    const anonymous = await data(await api(t, `/sweepstake/${s.id}/entries`));
    expect(anonymous).toMatchObject({ total: 39, next: null, mine: [] });
    expect(anonymous.entries).toHaveLength(39);
    for (const bad of ['limit=0', 'limit=1001', 'limit=ten', 'after=not-an-id']) {
      const res = await api(t, `/sweepstake/${s.id}/entries?${bad}`);
      expect(res.status, bad).toBe(422);
      const { error } = await res.json();
      expect(error.code).toBe('validation_failed');
      expect(JSON.stringify(error.details)).toMatch(/Send (limit|after)/);
    }
  });

  it('lets `npm run verify-draw` recompute a draw of 2,500 entries from a running server, reading the list page by page', { timeout: 60_000 }, async () => {
    const s = await newSweepstake(t, { winnerCount: 3 });
    for (let i = 0; i < 5; i += 1) await otherEntries(s.id, (await newSupporter(t)).userId, 500);
    await endNow(t, s.id);
    expect((await api(t, `/admin/sweepstakes/${s.id}/draw`, { method: 'POST', token: t.ownerKey })).status).toBe(200);
    const requests: string[] = [];
    const server = createServer(async (req, res) => {
      requests.push(req.url ?? '');
      const response = await t.app.fetch(new Request(`http://127.0.0.1${req.url}`, { headers: req.headers as Record<string, string> }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { stdout } = await promisify(execFile)(process.execPath, ['scripts/verify-draw.ts', s.slug, '--url', url, '--key', 'pk_demo_terrace']);
      expect(stdout).toContain('2500 entries holding 4995 tickets from 5 supporters, 3 to win');
      expect(stdout).toContain('Verified: the published winners are the ones the procedure gives.');
      // Four readers at once, each a quarter of the id space: about 625 lines each, one page of 1,000 apiece.
      expect(requests.filter((r) => r.includes('/entries'))).toHaveLength(4);
    } finally {
      server.close();
    }
  });

  it('draws a page at a time: the winners the whole published list gives, a blocked winner\'s place to the next one drawn', async () => {
    const db = t.testDb.db;
    const s = await newSweepstake(t, { winnerCount: 4 });
    const supporters = await Promise.all(Array.from({ length: 12 }, () => newSupporter(t)));
    // Random entry ids: each supporter's 20 entries lie all over the list, across its pages of 7.
    for (const p of supporters) await otherEntries(s.id, p.userId, 20);
    await endNow(t, s.id);
    const row = await freezeIfDue(db, (await findSweepstakeRowById(db, s.id))!, new Date());
    const list: PublishedEntry[] = [];
    for (let after: string | null = ''; after !== null;) {
      const page = await data(await api(t, `/sweepstake/${s.id}/entries?limit=1000${after ? `&after=${after}` : ''}`));
      list.push(...page.entries.map(({ entryId, holder, tickets }: PublishedEntry) => ({ entryId, holder, tickets })));
      after = page.next;
    }
    const whole = (winnerCount: number) => drawWinners({ seed: row.seed, entries: list, winnerCount });
    // The supporter the plain draw makes first is blocked: the draw runs one round more and skips them.
    const blockedHolder = whole(1)[0]!.holder;
    const blocked = await db.selectFrom('sweepstake_entries').select('user_id').where('sweepstake_id', '=', s.id).where('holder', '=', blockedHolder).executeTakeFirstOrThrow();
    await db.updateTable('users').set({ blocked_at: new Date().toISOString() }).where('id', '=', blocked.user_id).execute();

    expect((await entryPageMap(db, s.id, 7)).map((p) => p.tickets).reduce((a, b) => a + b)).toBe(list.reduce((sum, e) => sum + e.tickets, 0));
    await drawWinnersOnce(db, row, new Date(), 7);
    const published = (await data(await api(t, `/sweepstake/${s.id}`))).winners.map(({ position, holder, entryId, ticket }: Record<string, unknown>) => ({ position, holder, entryId, ticket }));
    const expected = whole(5).filter((w) => w.holder !== blockedHolder).slice(0, 4).map((w, i) => ({ ...w, position: i + 1 }));
    expect(published).toEqual(expected);
    expect(published.map((w: { holder: string }) => w.holder)).not.toContain(blockedHolder);
  });

  it('maps the list for the draw in one pass of its index, never sorting the whole list', async () => {
    const plan = await planOf(entryPageMapQuery(t.testDb.db, 'x', 5_000));
    expect(plan).toMatch(postgres ? /Index (Only )?Scan using sweepstake_entries_list/ : /USING (COVERING )?INDEX sweepstake_entries_list /);
    // The one sort left is of the pages (a row each), above the aggregate: not of the entries.
    if (postgres) expect(plan.split('WindowAgg')[1]).not.toMatch(/Sort/);
  });

  it('reads a page and a supporter\'s own entries from indexes, never sorting the whole list', async () => {
    const db = t.testDb.db;
    const page = await planOf(db.selectFrom('sweepstake_entries').select(['id', 'user_id', 'holder', 'tickets'])
      .where('sweepstake_id', '=', 'x').where('id', '>', 'a').orderBy('id').limit(500));
    const own = await planOf(db.selectFrom('sweepstake_entries').select(['id', 'holder', 'tickets'])
      .where('sweepstake_id', '=', 'x').where('user_id', '=', 'y').orderBy('id'));
    // What the view reads for the caller: their tickets in each sweepstake shown.
    const held = await planOf(db.selectFrom('sweepstake_entries').select((eb) => ['sweepstake_id', eb.fn.sum<number>('tickets').as('tickets')])
      .where('user_id', '=', 'y').where('sweepstake_id', 'in', ['x', 'z']).where('refunded_at', 'is', null).groupBy('sweepstake_id'));
    const index = postgres ? (name: string) => new RegExp(`Index (Only )?Scan using ${name}`) : (name: string) => new RegExp(`USING (COVERING )?INDEX ${name} `);
    expect(page).toMatch(index('sweepstake_entries_list'));
    // PostgreSQL reads a page from the index alone (migration 035): no random read of the table per line.
    if (postgres) expect(page).toMatch(/Index Only Scan using sweepstake_entries_list/);
    expect(page).not.toMatch(postgres ? /Sort/ : /TEMP B-TREE/);
    expect(own).toMatch(index('sweepstake_entries_supporter'));
    expect(own).not.toMatch(postgres ? /Sort/ : /TEMP B-TREE/);
    expect(held).toMatch(postgres ? /Index (Only )?Scan using sweepstake_entries_(supporter|request)/ : /USING (COVERING )?INDEX (sweepstake_entries_supporter|sqlite_autoindex_sweepstake_entries_1) \(sweepstake_id=\? AND user_id=\?/);
  });
});

describe(`slugs and ids (${postgres ? 'postgres' : 'sqlite'})`, () => {
  const create = (slug: string, headers: Record<string, string> = {}) => api(t, '/admin/sweepstakes', {
    method: 'POST', token: t.ownerKey, headers, body: {
      slug, title: 'An impostor', description: 'Takes another address.', prize: 'nothing',
      prizeValue: 1, currency: 'GBP', sponsor: 'Nobody', costPerEntry: 1, maxEntriesPerSupporter: 1, winnerCount: 1,
      startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });

  it('refuses a slug in the form of an id (another\'s id or any), so an address names one sweepstake', async () => {
    const victim = await newSweepstake(t);
    for (const slug of [victim.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await create(slug);
      expect(res.status).toBe(422);
      expect((await res.json()).error.details).toEqual({
        slug: 'A slug may not have the form of a sweepstake id (8-4-4-4-12 hex digits): choose a name of words.',
      });
    }
    const spanish = await create(victim.id, { 'Accept-Language': 'es' });
    expect((await spanish.json()).error.details.slug).toMatch(/^Un slug no puede tener la forma del id de un sorteo/);
    expect((await create('a-fine-slug-1234')).status).toBe(201);
    await expect(newSweepstake(t, { slug: victim.id })).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('resolves an id to that sweepstake even when an older row\'s slug equals it', async () => {
    const victim = await newSweepstake(t);
    const impostor = await newSweepstake(t);
    // Written before the rule, straight to the table.
    await t.testDb.db.updateTable('sweepstakes').set({ slug: victim.id }).where('id', '=', impostor.id).execute();
    for (let i = 0; i < 3; i += 1) {
      expect((await data(await api(t, `/sweepstake/${victim.id}`))).sweepstakeId).toBe(victim.id);
    }
    const me = await newSupporter(t, 100);
    expect((await enter(t, victim.id, me.token, 1)).status).toBe(200);
    const entries = await t.testDb.db.selectFrom('sweepstake_entries').select('sweepstake_id').where('user_id', '=', me.userId).execute();
    expect(entries.map((e) => e.sweepstake_id)).toEqual([victim.id]);
    expect((await data(await api(t, `/sweepstake/${impostor.id}`))).sweepstakeId).toBe(impostor.id);
  });
});
