import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createTestApp, headers, TEST_SECRET, type TestApp } from '../testing/test-app.ts';
import { api, balances, endNow, enter, enterFree, newSupporter, newSweepstake } from '../testing/sweepstakes.ts';
import { commitmentOf, entryListHash } from './sweepstake.draw.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const SPANISH = { 'Accept-Language': 'es-ES,es;q=0.9' };
const errorOf = async (res: Response) => (await res.json()).error as { code: string; message: string };
const spendRows = (userId: string) => t.testDb.db.selectFrom('ledger_entries').select(['amount', 'idempotency_key', 'kind'])
  .where('user_id', '=', userId).where('kind', '=', 'sweepstake_entry').execute();

describe(`sweepstakes (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('lists the demo sweepstakes to anonymous callers: live first, then coming soon, then ended with its winners', async () => {
    const res = await api(t, '/sweepstake');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    const demo = data.filter((s: { slug: string }) => !s.slug.startsWith('test-'));
    expect(demo.map((s: { status: string }) => s.status)).toEqual(['live', 'live', 'coming_soon', 'ended']);
    expect(new Set(demo.slice(0, 2).map((s: { costPerEntry: number }) => s.costPerEntry)).size).toBe(2);
    const [live, , soon, ended] = demo;
    expect(Object.keys(live).sort()).toEqual([
      'beacon', 'cancelledAt', 'commitment', 'costPerEntry', 'currency', 'description', 'drawnAt', 'endsAt', 'entriesHash', 'entry',
      'entryCount', 'freeEntryUsed', 'maxEntriesPerSupporter', 'mediaId', 'prize', 'prizeValue', 'seed', 'slug', 'sponsor', 'startsAt',
      'status', 'sweepstakeId', 'title', 'totalEntries', 'winnerCount', 'winners',
    ]);
    expect(live).toMatchObject({ seed: null, entriesHash: null, entryCount: 0, winners: [], entry: { canEnter: false, blockedBy: 'sign_in' } });
    expect(live.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(soon.entry.blockedBy).toBe('coming_soon');
    expect(ended.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitmentOf(ended.seed)).toBe(ended.commitment);
    expect(ended.entriesHash).toMatch(/^[0-9a-f]{64}$/);
    expect(ended.winners).toHaveLength(ended.winnerCount);
    for (const w of ended.winners) expect(w.name).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
  });

  it('answers one sweepstake by id or slug with its rules PDF (per language, public, under the media route); 404 for anything else', async () => {
    const list = (await (await api(t, '/sweepstake')).json()).data;
    const { sweepstakeId, slug } = list[0];
    const bySlug = (await (await api(t, `/sweepstake/${slug}`)).json()).data;
    const byId = (await (await api(t, `/sweepstake/${sweepstakeId}`)).json()).data;
    expect(bySlug.sweepstakeId).toBe(sweepstakeId);
    expect(byId.rulesUrl).toBe(bySlug.rulesUrl);
    expect(byId.rulesUrl).toMatch(/^\/api\/media\/[0-9a-f]{64}\.pdf$/);
    const pdf = await t.app.request(byId.rulesUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('access-control-allow-origin')).toBe('*');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const spanish = (await (await api(t, `/sweepstake/${slug}`, { headers: SPANISH })).json()).data;
    expect(spanish.rulesUrl).not.toBe(byId.rulesUrl);
    expect((await (await api(t, `/sweepstake/${slug}`)).json()).data.rulesUrl).toBe(byId.rulesUrl);
    const missing = await api(t, '/sweepstake/no-such-sweepstake');
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toMatchObject({ code: 'not_found', message: 'Sweepstake not found' });
  });

  it('links the rules under MEDIA_BASE_URL, so a CDN can serve them', async () => {
    const cdn = createApp({
      db: t.testDb.db, mailer: t.mailer, secret: TEST_SECRET, publicUrl: 'http://terrace.test', production: false, mediaDir: t.mediaDir,
      mediaBaseUrl: 'https://cdn.example.com/terrace/media',
    });
    const { data } = await (await cdn.request('/api/sweepstake/signed-home-shirt', { headers: headers() })).json();
    const name = /[0-9a-f]{64}\.pdf$/.exec(data.rulesUrl)![0];
    expect(data.rulesUrl).toBe(`https://cdn.example.com/terrace/media/${name}`);
    // What the CDN pulls from this server: the same file at the app's own media route.
    expect((await t.app.request(`/api/media/${name}`)).status).toBe(200);
  });

  it('spends count × cost through the ledger in one go, answers the new standing and entry count, and holds the cap', async () => {
    const s = await newSweepstake(t, { costPerEntry: 30, maxEntriesPerSupporter: 5 });
    const { token, userId } = await newSupporter(t, 500);
    const first = await enter(t, s.id, token, 2);
    expect(first.status).toBe(200);
    const { data } = await first.json();
    expect(data).toMatchObject({ sweepstakeId: s.id, tickets: 2, pointsSpent: 60, entryCount: 2, remaining: 3, freeEntryUsed: false });
    expect(data.standing).toMatchObject({ points: 440, lifetimePoints: 500 });
    expect(await balances(t, userId)).toEqual({ points: 440, lifetime: 500 });
    const over = await enter(t, s.id, token, 4);
    expect(over.status).toBe(422);
    expect(await errorOf(over)).toEqual(expect.objectContaining({ code: 'entry_limit_reached', message: 'You can add only 3 more entries.' }));
    expect((await (await enter(t, s.id, token, 3)).json()).data).toMatchObject({ entryCount: 5, remaining: 0 });
    const full = await enter(t, s.id, token, 1);
    expect(await errorOf(full)).toMatchObject({ code: 'entry_limit_reached', message: 'You already hold the most entries allowed.' });
    expect(await balances(t, userId)).toEqual({ points: 350, lifetime: 500 });
    expect((await spendRows(userId)).map((r) => Number(r.amount)).sort((x, y) => x - y)).toEqual([-90, -60]);
    const view = (await (await api(t, `/sweepstake/${s.id}`, { token })).json()).data;
    expect(view).toMatchObject({ entryCount: 5, totalEntries: 5, entry: { canEnter: false, blockedBy: 'limit_reached', remaining: 0 } });
  });

  it('refuses a count that is not a whole number from 1 with 422, naming the field', async () => {
    const s = await newSweepstake(t);
    const { token } = await newSupporter(t, 100);
    for (const count of [0, -1, 1.5, '2', null, 1001]) {
      const res = await enter(t, s.id, token, count);
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.details.count).toMatch(/count/);
    }
  });

  it('answers 422 insufficient_points saying how many points are missing, in the request\'s language, and takes nothing', async () => {
    const s = await newSweepstake(t, { costPerEntry: 30 });
    const { token, userId } = await newSupporter(t, 50);
    const res = await enter(t, s.id, token, 2);
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ code: 'insufficient_points', message: 'You need 10 more points for this (it costs 60).' });
    const spanish = await enter(t, s.id, token, 3, SPANISH);
    expect(await errorOf(spanish)).toMatchObject({ code: 'insufficient_points', message: 'Te faltan 40 puntos para esto (cuesta 90).' });
    expect(await balances(t, userId)).toEqual({ points: 50, lifetime: 50 });
    expect((await (await api(t, `/sweepstake/${s.id}`, { token })).json()).data).toMatchObject({ entryCount: 0, totalEntries: 0, entry: { affordable: 1 } });
  });

  it('refuses supporters under 18 with 403 and the reason, and shows them why', async () => {
    const s = await newSweepstake(t);
    const { token, userId } = await newSupporter(t, 500, 'minor');
    const birthday = `${new Date().getUTCFullYear() - 16}-01-01`;
    await t.testDb.db.updateTable('users').set({ birthday }).where('id', '=', userId).execute();
    for (const res of [await enter(t, s.id, token, 1), await enterFree(t, s.id, token)]) {
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toMatchObject({ code: 'forbidden', message: 'Sweepstakes are for supporters aged 18 or over.' });
    }
    expect(await balances(t, userId)).toEqual({ points: 500, lifetime: 500 });
    const view = (await (await api(t, `/sweepstake/${s.id}`, { token })).json()).data;
    expect(view.entry).toMatchObject({ canEnter: false, blockedBy: 'underage', freeEntryAvailable: false });
  });

  it('refuses a sweepstake that is not live with 422 and the reason', async () => {
    const soon = await newSweepstake(t, { startsIn: 2, endsIn: 48 });
    const ended = await newSweepstake(t, { startsIn: -48, endsIn: -2 });
    const { token } = await newSupporter(t, 500);
    expect(await errorOf(await enter(t, soon.id, token, 1))).toMatchObject({
      code: 'sweepstake_closed', message: 'Entries have not opened yet. Come back when the sweepstake is live.',
    });
    expect(await errorOf(await enterFree(t, ended.id, token))).toMatchObject({ code: 'sweepstake_closed', message: 'Entries have closed.' });
    expect((await enter(t, 'no-such-one', token, 1)).status).toBe(404);
    expect((await enter(t, soon.id, 'pk_demo_terrace', 1)).status).toBe(401);
  });

  it('replays an entry sent again with the same Idempotency-Key: one spend, one entry', async () => {
    const s = await newSweepstake(t, { costPerEntry: 25 });
    const { token, userId } = await newSupporter(t, 100);
    const key = { 'Idempotency-Key': 'entry-replay-1' };
    const first = await enter(t, s.id, token, 2, key);
    const again = await enter(t, s.id, token, 2, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await balances(t, userId)).toEqual({ points: 50, lifetime: 100 });
    const rows = await spendRows(userId);
    expect(rows).toEqual([{ amount: -50, idempotency_key: `sweepstake:${s.id}:request:entry-replay-1`, kind: 'sweepstake_entry' }]);
    // The ledger key holds even once the API's own record of the key is gone (after 24 hours).
    await t.testDb.db.deleteFrom('idempotency_keys').execute();
    const late = await (await enter(t, s.id, token, 2, key)).json();
    expect(late.data).toMatchObject({ entryCount: 2, pointsSpent: 50 });
    expect(await spendRows(userId)).toHaveLength(1);
  });

  it('answers five sends at once of one entry (one Idempotency-Key) with the same entry: one spend, one entry, one answer', async () => {
    const s = await newSweepstake(t, { costPerEntry: 20 });
    const { token, userId } = await newSupporter(t, 100);
    const key = { 'Idempotency-Key': 'entry-race-1' };
    const sends = await Promise.all(Array.from({ length: 5 }, () => enter(t, s.id, token, 2, key)));
    expect(sends.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(sends.map((r) => r.json()));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(bodies[0].data).toMatchObject({ tickets: 2, pointsSpent: 40, entryCount: 2 });
    expect(await balances(t, userId)).toEqual({ points: 60, lifetime: 100 });
    expect(await spendRows(userId)).toHaveLength(1);
    const entries = await t.testDb.db.selectFrom('sweepstake_entries').select('tickets').where('sweepstake_id', '=', s.id).execute();
    expect(entries.map((e) => Number(e.tickets))).toEqual([2]);
  });

  it('takes 50 concurrent entries that together exceed the balance: never below zero, spent equals entries recorded', async () => {
    const s = await newSweepstake(t, { costPerEntry: 10, maxEntriesPerSupporter: 100 });
    const { token, userId } = await newSupporter(t, 200);
    const answers = await Promise.all(Array.from({ length: 50 }, () => enter(t, s.id, token, 1)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(20);
    expect(statuses.filter((st) => st === 422)).toHaveLength(30);
    for (const res of answers.filter((r) => r.status === 422)) expect((await errorOf(res)).code).toBe('insufficient_points');
    expect(await balances(t, userId)).toEqual({ points: 0, lifetime: 200 });
    const spent = (await spendRows(userId)).reduce((sum, r) => sum - Number(r.amount), 0);
    const entries = await t.testDb.db.selectFrom('sweepstake_entries').select(['tickets', 'points_spent']).where('sweepstake_id', '=', s.id).execute();
    expect(spent).toBe(200);
    expect(entries.reduce((sum, e) => sum + Number(e.points_spent), 0)).toBe(spent);
    expect(entries.reduce((sum, e) => sum + Number(e.tickets), 0) * 10).toBe(spent);
    const row = await t.testDb.db.selectFrom('sweepstakes').select('ticket_count').where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(Number(row.ticket_count)).toBe(20);
  });

  it('gives one free entry per supporter, for no points, counted toward the cap', async () => {
    const s = await newSweepstake(t, { costPerEntry: 40, maxEntriesPerSupporter: 3 });
    const { token, userId } = await newSupporter(t, 80);
    const free = await enterFree(t, s.id, token);
    expect(free.status).toBe(200);
    expect((await free.json()).data).toMatchObject({ tickets: 1, pointsSpent: 0, entryCount: 1, remaining: 2, freeEntryUsed: true, standing: { points: 80 } });
    const again = await enterFree(t, s.id, token);
    expect(again.status).toBe(422);
    expect(await errorOf(again)).toMatchObject({ code: 'free_entry_used', message: 'You have already used your free entry.' });
    expect(await errorOf(await enter(t, s.id, token, 3))).toMatchObject({ code: 'entry_limit_reached' });
    expect((await (await enter(t, s.id, token, 2)).json()).data).toMatchObject({ entryCount: 3, remaining: 0 });
    expect(await balances(t, userId)).toEqual({ points: 0, lifetime: 80 });
    // Five at once: one free entry in all.
    const other = await newSupporter(t);
    const racing = await Promise.all(Array.from({ length: 5 }, () => enterFree(t, s.id, other.token)));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
  });

  it('publishes the frozen entry list once entries close, each supporter\'s own entries marked, hashing to entriesHash', async () => {
    const s = await newSweepstake(t, { costPerEntry: 10 });
    const a = await newSupporter(t, 100);
    const b = await newSupporter(t, 100);
    await enter(t, s.id, a.token, 3);
    await enterFree(t, s.id, b.token);
    await enter(t, s.id, a.token, 1);
    const before = (await (await api(t, `/sweepstake/${s.id}/entries`, { token: a.token })).json()).data;
    expect(before).toMatchObject({ frozen: false, entriesHash: null });
    expect(before.entries.map((e: { tickets: number; mine: boolean }) => [e.tickets, e.mine]).sort()).toEqual([[1, true], [3, true]]);
    expect((await (await api(t, `/sweepstake/${s.id}/entries`)).json()).data.entries).toEqual([]);
    await endNow(t, s.id);
    const after = (await (await api(t, `/sweepstake/${s.id}/entries`, { token: b.token })).json()).data;
    expect(after.frozen).toBe(true);
    expect(after.entries).toHaveLength(3);
    expect(after.entries.filter((e: { mine: boolean }) => e.mine)).toHaveLength(1);
    const ids = after.entries.map((e: { entryId: string }) => e.entryId);
    expect(ids).toEqual([...ids].sort());
    expect(entryListHash(after.entries)).toBe(after.entriesHash);
    const holders = new Set(after.entries.map((e: { holder: string }) => e.holder));
    expect(holders.size).toBe(2);
    const view = (await (await api(t, `/sweepstake/${s.id}`)).json()).data;
    expect(view).toMatchObject({ status: 'ended', entriesHash: after.entriesHash, seed: null });
    expect(await errorOf(await enter(t, s.id, a.token, 1))).toMatchObject({ code: 'sweepstake_closed' });
  });
});
