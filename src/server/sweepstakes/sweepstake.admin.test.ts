import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorKey } from '../testing/operators.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { api, balances, endNow, enter, enterFree, newSupporter, newSweepstake } from '../testing/sweepstakes.ts';
import { announceRound } from './sweepstake.beacon.ts';
import { commitmentOf, drawWinners, entryListHash } from './sweepstake.draw.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const operator = (path: string, token = t.ownerKey) => api(t, `/admin/sweepstakes/${path}`, { method: 'POST', token });
const errorOf = async (res: Response) => (await res.json()).error as { code: string; message: string };

/** What anyone can read: the sweepstake and its published entry list, with the organization key alone. */
async function publicData(id: string) {
  const sweepstake = (await (await api(t, `/sweepstake/${id}`)).json()).data;
  const list = (await (await api(t, `/sweepstake/${id}/entries`)).json()).data;
  return { sweepstake, list };
}

async function nameSupporter(userId: string, first: string, last: string) {
  await t.testDb.db.updateTable('users').set({ first_name: first, last_name: last }).where('id', '=', userId).execute();
}

describe(`sweepstake draws and cancellations (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('needs an operator key, and an owner to draw or cancel', async () => {
    const s = await newSweepstake(t);
    expect((await operator(`${s.id}/draw`, 'pk_demo_terrace')).status).toBe(401);
    expect((await operator(`${s.id}/cancel`, 'not-the-operator-token-not-the-operator')).status).toBe(401);
    expect((await operator('no-such-sweepstake/draw')).status).toBe(404);
    const editor = await operatorKey(t.testDb.db, 'editor');
    expect((await operator(`${s.id}/draw`, editor)).status).toBe(403);
    expect((await operator(`${s.id}/cancel`, editor)).status).toBe(403);
  });

  it("creates a sweepstake for the operator's organization, its commitment public from the start", async () => {
    const body = {
      slug: 'operator-made', title: 'A matchball', description: 'The matchball of the derby, signed.',
      prize: 'a signed matchball', prizeValue: 120, currency: 'GBP', sponsor: 'Terrace FC', costPerEntry: 20, maxEntriesPerSupporter: 5,
      winnerCount: 1, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const create = (extra: Record<string, unknown> = {}, token = t.ownerKey) =>
      api(t, '/admin/sweepstakes', { method: 'POST', token, body: { ...body, ...extra } });
    expect((await create({}, 'pk_demo_terrace')).status).toBe(401);
    const made = await create();
    expect(made.status).toBe(201);
    const { data } = await made.json();
    expect(data).toMatchObject({ slug: 'operator-made', status: 'live', costPerEntry: 20, seed: null, beacon: null, mediaId: null });
    expect(data.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect((await (await api(t, '/sweepstake/operator-made')).json()).data.commitment).toBe(data.commitment);
    const again = await create();
    expect(again.status).toBe(422);
    expect((await again.json()).error.details).toEqual({ slug: 'Another sweepstake of this organization already has this slug.' });
    const backwards = await create({ slug: 'backwards', endsAt: body.startsAt, startsAt: body.endsAt });
    expect((await backwards.json()).error.details).toEqual({ endsAt: 'endsAt must come after startsAt.' });
    for (const bad of [{ costPerEntry: 0 }, { slug: 'Not A Slug' }, { currency: 'pounds' }, { startsAt: 'tomorrow' }, { title: '' }]) {
      expect((await create({ ...bad, slug: bad.slug ?? 'bad-one' })).status).toBe(422);
    }
  });

  it('announces the drand round after the end when the organization names a beacon chain', async () => {
    const period = 3;
    const genesis = Math.floor(Date.now() / 1000) - 3000;
    const chain: Server = createServer((req, res) => {
      res.writeHead(req.url === '/chain/info' ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end(req.url === '/chain/info' ? JSON.stringify({ period, genesis_time: genesis, hash: 'x' }) : '{}');
    });
    await new Promise<void>((resolve) => chain.listen(0, '127.0.0.1', resolve));
    const organizationId = (await t.testDb.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id;
    const url = `https://127.0.0.1:${(chain.address() as AddressInfo).port}/chain`;
    try {
      // The round: the first the chain publishes after the end (round r is out at genesis + (r - 1) × period).
      const endsAtSeconds = Math.floor(Date.now() / 1000) + 3600;
      const round = await announceRound(url.replace('https:', 'http:'), new Date(endsAtSeconds * 1000).toISOString());
      expect(genesis + (round - 1) * period).toBeGreaterThan(endsAtSeconds);
      expect(genesis + (round - 2) * period).toBeLessThanOrEqual(endsAtSeconds);
      await t.testDb.db.insertInto('organization_settings').values({ organization_id: organizationId, key: 'drawBeaconUrl', value: url }).execute();
      const endsAt = new Date(Date.now() + 3_600_000);
      const res = await api(t, '/admin/sweepstakes', {
        method: 'POST', token: t.ownerKey,
        body: {
          slug: 'with-beacon', title: 'Beacon draw', description: 'Drawn with drand.', prize: 'a scarf',
          prizeValue: 20, currency: 'GBP', sponsor: 'Terrace FC', costPerEntry: 5, maxEntriesPerSupporter: 5, winnerCount: 1,
          startsAt: new Date().toISOString(), endsAt: endsAt.toISOString(),
        },
      });
      // The setting is https only; https to this plain-http stub cannot connect: unreachable, 503, nothing created.
      expect(res.status).toBe(503);
      expect((await api(t, '/sweepstake/with-beacon')).status).toBe(404);
    } finally {
      await t.testDb.db.deleteFrom('organization_settings').where('key', '=', 'drawBeaconUrl').execute();
      await new Promise((resolve) => chain.close(resolve));
    }
  });

  it('draws only after the end; reveals the seed, mails the winners, answers the same draw when called again', async () => {
    const s = await newSweepstake(t, { costPerEntry: 10, maxEntriesPerSupporter: 10, winnerCount: 2, title: 'The big shirt draw' });
    const supporters = await Promise.all([1, 2, 3, 4].map(() => newSupporter(t, 100)));
    for (const [i, p] of supporters.entries()) {
      await nameSupporter(p.userId, ['Ada', 'Ben', 'Cara', 'Dev'][i]!, ['Lowe', 'Okafor', 'Nguyen', 'Patel'][i]!);
      await enterFree(t, s.id, p.token);
      await enter(t, s.id, p.token, i + 1);
    }
    const early = await operator(`${s.id}/draw`);
    expect(early.status).toBe(422);
    expect(await errorOf(early)).toMatchObject({ code: 'draw_not_allowed', message: 'Entries are still open: draw after the sweepstake ends.' });

    await endNow(t, s.id);
    const sent = t.smtp.messages.length;
    const first = await operator(`${s.id}/draw`);
    expect(first.status).toBe(200);
    const draw = (await first.json()).data;
    expect(draw.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitmentOf(draw.seed)).toBe(s.commitment);
    expect(draw.winners).toHaveLength(2);
    expect(new Set(draw.winners.map((w: { holder: string }) => w.holder)).size).toBe(2);
    for (const w of draw.winners) {
      expect(w.notified).toBe(true);
      expect(w.name).toMatch(/^(Ada L|Ben O|Cara N|Dev P)\.$/);
    }
    // Winners mailed through the real SMTP server, and nobody else.
    const winnerEmails = draw.winners.map((w: { name: string }) => supporters[['A', 'B', 'C', 'D'].indexOf(w.name[0]!)]!.email);
    const mails = t.smtp.messages.slice(sent);
    expect(mails.map((m) => m.to).flat().sort()).toEqual([...winnerEmails].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('You won: The big shirt draw');
      expect(mail.text).toContain(`http://terrace.test/sweepstakes/${s.slug}`);
    }

    const again = await operator(`${s.id}/draw`);
    expect((await again.json()).data).toEqual(draw);
    expect(t.smtp.messages.length - sent).toBe(2);
    expect(await (await operator(`${s.id}/draw`)).json()).toEqual({ data: draw });
  });

  it('mails each winner once when the draw is asked for several times at once (two owners, a double click)', async () => {
    const s = await newSweepstake(t, { costPerEntry: 10, maxEntriesPerSupporter: 10, winnerCount: 3, title: 'The signed ball' });
    const supporters = await Promise.all([1, 2, 3, 4, 5].map(() => newSupporter(t, 100)));
    for (const p of supporters) await enterFree(t, s.id, p.token);
    await endNow(t, s.id);
    const sent = t.smtp.messages.length;
    const answers = await Promise.all([1, 2, 3].map(() => operator(`${s.id}/draw`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const draws = await Promise.all(answers.map(async (a) => (await a.json()).data));
    expect(draws[1].winners.map((w: { entryId: string }) => w.entryId)).toEqual(draws[0].winners.map((w: { entryId: string }) => w.entryId));
    const again = (await (await operator(`${s.id}/draw`)).json()).data;
    expect(again.winners.map((w: { notified: boolean }) => w.notified)).toEqual([true, true, true]);
    const to = t.smtp.messages.slice(sent).map((m) => m.to).flat();
    expect(to).toHaveLength(3);
    expect(new Set(to).size).toBe(3);
  });

  it('is reproducible from the public data alone', async () => {
    const s = await newSweepstake(t, { costPerEntry: 5, maxEntriesPerSupporter: 20, winnerCount: 3 });
    const supporters = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newSupporter(t, 100)));
    for (const [i, p] of supporters.entries()) {
      if (i % 2 === 0) await enterFree(t, s.id, p.token);
      await enter(t, s.id, p.token, 1 + ((i * 7) % 5));
    }
    await endNow(t, s.id);
    await operator(`${s.id}/draw`);
    const { sweepstake, list } = await publicData(s.id);
    expect(sweepstake.status).toBe('ended');
    // 1. The revealed seed matches the commitment published from the start.
    expect(commitmentOf(sweepstake.seed)).toBe(sweepstake.commitment);
    // 2. The published list hashes to the published hash.
    expect(entryListHash(list.entries)).toBe(sweepstake.entriesHash);
    // 3. The procedure gives the published winners.
    const recomputed = drawWinners({ seed: sweepstake.seed, entries: list.entries, winnerCount: sweepstake.winnerCount, beacon: null });
    expect(sweepstake.winners.map(({ position, holder, entryId, ticket }: Record<string, unknown>) => ({ position, holder, entryId, ticket })))
      .toEqual(recomputed);

    // `npm run verify-draw -- --file` says the same from the saved public data, and catches a changed list.
    const folder = mkdtempSync(join(tmpdir(), 'terrace-verify-'));
    try {
      const verify = async (data: unknown) => {
        const file = join(folder, 'draw.json');
        writeFileSync(file, JSON.stringify(data));
        return promisify(execFile)(process.execPath, ['scripts/verify-draw.ts', '--file', file]).then(
          ({ stdout }) => ({ code: 0, stdout }),
          (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
        );
      };
      const good = await verify({ sweepstake, entries: list });
      expect(good.code).toBe(0);
      expect(good.stdout).toContain('Verified: the published winners are the ones the procedure gives.');
      const changed = { ...list, entries: list.entries.map((e: { tickets: number }, i: number) => (i === 0 ? { ...e, tickets: e.tickets + 1 } : e)) };
      const bad = await verify({ sweepstake, entries: changed });
      expect(bad.code).toBe(1);
      expect(bad.stdout).toContain('✗ 2. entry list');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('mixes an announced drand round into the draw, and answers 503 while it is not out', async () => {
    let published = false;
    const randomness = 'a'.repeat(64);
    const beacon: Server = createServer((req, res) => {
      const ok = published && req.url === '/chain/public/4242';
      res.writeHead(ok ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end(ok ? JSON.stringify({ round: 4242, randomness, signature: 'ff' }) : '{}');
    });
    await new Promise<void>((resolve) => beacon.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(beacon.address() as AddressInfo).port}/chain`;
      const s = await newSweepstake(t, { winnerCount: 1, beacon: { url, round: 4242 } });
      const a = await newSupporter(t, 100);
      const b = await newSupporter(t, 100);
      await enter(t, s.id, a.token, 2);
      await enter(t, s.id, b.token, 2);
      expect((await publicData(s.id)).sweepstake.beacon).toEqual({ url, round: 4242, value: null });
      await endNow(t, s.id);
      const waiting = await operator(`${s.id}/draw`);
      expect(waiting.status).toBe(503);
      expect((await errorOf(waiting)).code).toBe('unavailable');
      published = true;
      const draw = (await (await operator(`${s.id}/draw`)).json()).data;
      expect(draw.beacon).toEqual({ url, round: 4242, value: randomness });
      const { sweepstake, list } = await publicData(s.id);
      const recomputed = drawWinners({ seed: sweepstake.seed, entries: list.entries, winnerCount: 1, beacon: sweepstake.beacon.value });
      expect(recomputed.map((w) => w.entryId)).toEqual(draw.winners.map((w: { entryId: string }) => w.entryId));
    } finally {
      await new Promise((resolve) => beacon.close(resolve));
    }
  });

  it('cancels and refunds every paid entry through the ledger once; lifetime points untouched; no entries or draw after', async () => {
    const s = await newSweepstake(t, { costPerEntry: 20, maxEntriesPerSupporter: 10 });
    const a = await newSupporter(t, 100);
    const b = await newSupporter(t, 100);
    await enter(t, s.id, a.token, 2);
    await enter(t, s.id, a.token, 1);
    await enterFree(t, s.id, b.token);
    await enter(t, s.id, b.token, 4);
    expect(await balances(t, a.userId)).toEqual({ points: 40, lifetime: 100 });
    const first = await operator(`${s.id}/cancel`);
    expect(first.status).toBe(200);
    expect((await first.json()).data).toMatchObject({ sweepstakeId: s.id, refundedEntries: 3, refundedPoints: 140 });
    expect(await balances(t, a.userId)).toEqual({ points: 100, lifetime: 100 });
    expect(await balances(t, b.userId)).toEqual({ points: 100, lifetime: 100 });
    const repeats = await Promise.all([operator(`${s.id}/cancel`), operator(`${s.id}/cancel`)]);
    for (const res of repeats) expect((await res.json()).data).toMatchObject({ refundedEntries: 0, refundedPoints: 0 });
    const refunds = await t.testDb.db.selectFrom('ledger_entries').select(['amount', 'idempotency_key'])
      .where('kind', '=', 'sweepstake_refund').where('reference', '=', s.id).execute();
    expect(refunds.map((r) => Number(r.amount)).sort((x, y) => x - y)).toEqual([20, 40, 80]);
    expect(new Set(refunds.map((r) => r.idempotency_key)).size).toBe(3);
    expect(await balances(t, a.userId)).toEqual({ points: 100, lifetime: 100 });
    expect(await errorOf(await enter(t, s.id, a.token, 1))).toMatchObject({ code: 'sweepstake_closed', message: 'This sweepstake was cancelled.' });
    const view = (await (await api(t, `/sweepstake/${s.id}`, { token: a.token })).json()).data;
    expect(view).toMatchObject({ status: 'ended', entry: { blockedBy: 'cancelled' } });
    expect(view.cancelledAt).not.toBeNull();
    await endNow(t, s.id);
    expect(await errorOf(await operator(`${s.id}/draw`))).toMatchObject({ code: 'draw_not_allowed' });
  });

  it('refuses to cancel a drawn sweepstake', async () => {
    const s = await newSweepstake(t);
    const a = await newSupporter(t, 100);
    await enter(t, s.id, a.token, 1);
    await endNow(t, s.id);
    expect((await operator(`${s.id}/draw`)).status).toBe(200);
    const cancel = await operator(`${s.id}/cancel`);
    expect(cancel.status).toBe(422);
    expect(await errorOf(cancel)).toMatchObject({ code: 'draw_not_allowed', message: 'This sweepstake has been drawn: it can no longer be cancelled.' });
    expect(await balances(t, a.userId)).toEqual({ points: 70, lifetime: 100 });
  });
});
