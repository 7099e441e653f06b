import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemo } from '../db/seed.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { DEMO_ACTIVATIONS } from './activation.demo-data.ts';
import { statusAt } from './activation.service.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const HOUR = 3_600_000;
const get = (path: string, token?: string) => t.app.request(`/api${path}`, { headers: headers(token) });
const activate = (token: string, slug: unknown, extra: Record<string, string> = {}) => t.app.request('/api/activations/activate-user', {
  method: 'POST', headers: headers(token, extra), body: JSON.stringify({ slug }),
});

async function newUser(name: string): Promise<{ token: string; userId: string }> {
  const email = `${name}@example.com`;
  const { token } = await signIn(t, email);
  const { id } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token, userId: id };
}
const balances = (userId: string) => t.testDb.db.selectFrom('users').select(['points', 'lifetime_points'])
  .where('id', '=', userId).executeTakeFirstOrThrow().then((u) => ({ points: Number(u.points), lifetime: Number(u.lifetime_points) }));
const payments = (userId: string) => t.testDb.db.selectFrom('ledger_entries').select(['idempotency_key', 'amount'])
  .where('user_id', '=', userId).where('kind', '=', 'activation').execute();
const badgeRows = (userId: string) => t.testDb.db.selectFrom('badges_earned').selectAll().where('user_id', '=', userId).execute();

/** Moves an activation's window, counted from now (hours; negative is in the past). */
async function setWindow(slug: string, startsInHours: number, stopsInHours: number): Promise<void> {
  await t.testDb.db.updateTable('activations').set({
    starts_at: new Date(Date.now() + startsInHours * HOUR).toISOString(),
    stops_at: new Date(Date.now() + stopsInHours * HOUR).toISOString(),
  }).where('slug', '=', slug).execute();
}

const MATCHDAY = 'matchday-millbank';
const SHOP = 'club-shop';
const RENEWAL = 'season-ticket-renewal';

describe(`activations (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('lists the demo activations to the organization key, with their windows, badges and points', async () => {
    const res = await get('/activations/list');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.map((a: { slug: string }) => a.slug).sort()).toEqual(DEMO_ACTIVATIONS.map((a) => a.slug).sort());
    expect(Object.keys(data[0]).sort()).toEqual(
      ['badge', 'description', 'earnedAt', 'id', 'points', 'slug', 'startsAt', 'status', 'stopsAt', 'title'],
    );
    const matchday = data.find((a: { slug: string }) => a.slug === MATCHDAY);
    expect(matchday).toMatchObject({
      status: 'open', points: 50, earnedAt: null, badge: { name: 'Riverside Roar', image: '/images/badges/matchday-millbank.svg' },
    });
    expect(Date.parse(matchday.startsAt)).toBeLessThan(Date.now());
    expect(Date.parse(matchday.stopsAt)).toBeGreaterThan(Date.now());
    expect(data.find((a: { slug: string }) => a.slug === RENEWAL).status).toBe('upcoming');
    const starts = data.map((a: { startsAt: string }) => a.startsAt);
    expect(starts).toEqual([...starts].sort());
  });

  it('answers one activation by id or slug, and 404 for anything else; an unknown key is 401', async () => {
    const { data: list } = await (await get('/activations/list')).json();
    const shop = list.find((a: { slug: string }) => a.slug === SHOP);
    expect((await (await get(`/activations/${shop.id}`)).json()).data).toEqual(shop);
    expect((await (await get(`/activations/${SHOP}`)).json()).data.id).toBe(shop.id);
    const missing = await get('/activations/no-such-activation');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatchObject({ code: 'not_found', message: 'Activation not found' });
    expect((await get('/activations/list', 'pk_nobody')).status).toBe(401);
  });

  it('needs a signed-in supporter to activate, a slug to activate, and answers 404 for an unknown one', async () => {
    expect((await activate('pk_demo_terrace', MATCHDAY)).status).toBe(401);
    const { token } = await newUser('activation-input');
    const invalid = await activate(token, '');
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).error.code).toBe('validation_failed');
    expect((await activate(token, 42)).status).toBe(422);
    const missing = await activate(token, 'no-such-activation');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not_found');
  });

  it('inside the window gives the badge, pays the points once with the standing, and says so on a repeat', async () => {
    const { token, userId } = await newUser('activation-once');
    const first = await activate(token, MATCHDAY);
    expect(first.status).toBe(200);
    const { data } = await first.json();
    expect(data).toMatchObject({
      alreadyEarned: false, pointsAwarded: 50,
      badges: [{ slug: MATCHDAY, name: 'Riverside Roar', image: '/images/badges/matchday-millbank.svg', title: 'Matchday: Terrace FC v Millbank Rovers' }],
      activation: { slug: MATCHDAY, status: 'open' },
      standing: { points: 50, lifetimePoints: 50, rank: { name: 'P10' } },
    });
    expect(data.activation.earnedAt).toBe(data.badges[0].earnedAt);

    const again = await (await activate(token, MATCHDAY)).json();
    expect(again.data).toMatchObject({ alreadyEarned: true, pointsAwarded: 0, standing: { points: 50 } });
    expect(again.data.badges).toEqual(data.badges);
    expect(await balances(userId)).toEqual({ points: 50, lifetime: 50 });
    expect(await payments(userId)).toEqual([{ idempotency_key: `activation:${data.activation.id}`, amount: 50 }]);

    // The supporter's own view: the list and the profile's badges.
    const listed = (await (await get('/activations/list', token)).json()).data.find((a: { slug: string }) => a.slug === MATCHDAY);
    expect(listed.earnedAt).toBe(data.badges[0].earnedAt);
    const badges = (await (await get('/user/me/badges', token)).json()).data;
    expect(badges).toEqual(data.badges);
    expect((await get('/user/me/badges')).status).toBe(401);
  });

  it('refuses before the window opens and after it closes with 422 and the reason, and pays nothing', async () => {
    const { token, userId } = await newUser('activation-window');
    const early = await activate(token, RENEWAL);
    expect(early.status).toBe(422);
    expect((await early.json()).error).toMatchObject({
      code: 'activation_not_started', message: 'This activation has not started yet. Come back when it opens.',
    });
    await setWindow(SHOP, -48, -1);
    try {
      const late = await activate(token, SHOP);
      expect(late.status).toBe(422);
      expect((await late.json()).error).toMatchObject({
        code: 'activation_over', message: 'This activation is over: its badge can no longer be collected.',
      });
      const spanish = await activate(token, SHOP, { 'Accept-Language': 'es' });
      expect((await spanish.json()).error.message).toBe('Esta activación ha terminado: su insignia ya no se puede conseguir.');
      expect((await (await get(`/activations/${SHOP}`)).json()).data.status).toBe('over');
    } finally {
      await setWindow(SHOP, -1, 24 * 365);
    }
    expect(await badgeRows(userId)).toEqual([]);
    expect(await payments(userId)).toEqual([]);
  });

  it('opens exactly at startsAt and closes exactly at stopsAt', async () => {
    const window = { starts_at: '2026-11-28T15:00:00.000Z', stops_at: '2026-11-28T17:00:00.000Z' };
    expect(statusAt(window, new Date('2026-11-28T14:59:59.999Z'))).toBe('upcoming');
    expect(statusAt(window, new Date('2026-11-28T15:00:00.000Z'))).toBe('open');
    expect(statusAt(window, new Date('2026-11-28T16:59:59.999Z'))).toBe('open');
    expect(statusAt(window, new Date('2026-11-28T17:00:00.000Z'))).toBe('over');
    // Through the API: refused a millisecond before it opens, given at the opening millisecond. The server's
    // clock is set, not waited for: a slow machine cannot move the request to the other side of the edge.
    const { token } = await newUser('activation-edges');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      await setWindow(RENEWAL, 1, 2);
      vi.setSystemTime(start + HOUR - 1);
      expect((await activate(token, RENEWAL)).status).toBe(422);
      vi.setSystemTime(start + HOUR);
      expect((await activate(token, RENEWAL)).status).toBe(200);
    } finally {
      vi.useRealTimers();
      await setWindow(RENEWAL, 24 * 10, 24 * 40);
    }
  });

  it('a badge once earned is still answered as earned after the window, without a 422', async () => {
    const { token, userId } = await newUser('activation-after');
    expect((await activate(token, SHOP)).status).toBe(200);
    await setWindow(SHOP, -48, -1);
    try {
      const later = await activate(token, SHOP);
      expect(later.status).toBe(200);
      expect((await later.json()).data).toMatchObject({ alreadyEarned: true, pointsAwarded: 0 });
    } finally {
      await setWindow(SHOP, -1, 24 * 365);
    }
    expect(await payments(userId)).toHaveLength(1);
  });

  it('gives one badge and pays once under 20 concurrent requests', async () => {
    const { token, userId } = await newUser('activation-parallel');
    const answers = await Promise.all(Array.from({ length: 20 }, () => activate(token, MATCHDAY)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(bodies.filter((b) => !b.data.alreadyEarned)).toHaveLength(1);
    expect(bodies.map((b) => b.data.pointsAwarded).filter((p) => p > 0)).toEqual([50]);
    expect(new Set(bodies.map((b) => b.data.badges[0].earnedAt)).size).toBe(1);
    expect(await badgeRows(userId)).toHaveLength(1);
    expect(await payments(userId)).toHaveLength(1);
    expect(await balances(userId)).toEqual({ points: 50, lifetime: 50 });
  });

  it('replays the first answer for the same Idempotency-Key', async () => {
    const { token } = await newUser('activation-key');
    const key = '6f1f6a52-3c1e-4bde-9a36-0d8f1d6d2a11';
    const first = await (await activate(token, SHOP, { 'Idempotency-Key': key })).json();
    const replay = await (await activate(token, SHOP, { 'Idempotency-Key': key })).json();
    expect(replay.data).toEqual(first.data);
    expect(first.data.alreadyEarned).toBe(false);
  });

  it('lists a supporter\'s badges newest first, and none for a new supporter', async () => {
    const { token } = await newUser('activation-badges');
    expect((await (await get('/user/me/badges', token)).json()).data).toEqual([]);
    await activate(token, SHOP);
    await new Promise((r) => setTimeout(r, 5));
    await activate(token, MATCHDAY);
    const badges = (await (await get('/user/me/badges', token)).json()).data;
    expect(badges.map((b: { slug: string }) => b.slug)).toEqual([MATCHDAY, SHOP]);
  });

  it('gives operators the QR code of /a/{slug} on the public URL, behind ADMIN_TOKEN', async () => {
    const qr = (slug: string, token?: string) => t.app.request(`/api/admin/activations/${slug}/qr.svg`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    expect((await qr(MATCHDAY)).status).toBe(401);
    expect((await qr(MATCHDAY, 'pk_demo_terrace')).status).toBe(401);
    const res = await qr(MATCHDAY, t.ownerKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="activation-matchday-millbank.svg"');
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*width="512"/);
    expect(svg).not.toMatch(/<script/i);
    // What it encodes: the same SVG as the URL of the page, drawn here.
    const QRCode = (await import('qrcode')).default;
    const expected = await QRCode.toString('http://terrace.test/a/matchday-millbank', {
      type: 'svg', margin: 4, width: 512, errorCorrectionLevel: 'Q', color: { dark: '#000000', light: '#ffffff' },
    });
    expect(svg).toBe(expected);
    const missing = await qr('no-such-activation', t.ownerKey);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not_found');
  });

  // Last: it empties the tables the tests above use.
  it('adds the demo activations and experiences to a demo database made before them, once', async () => {
    const db = t.testDb.db;
    await db.deleteFrom('activations').execute();
    await db.deleteFrom('experiences').execute();
    expect(await seedDemo(db)).toBe(false);
    const count = async () => [
      (await db.selectFrom('activations').select('id').execute()).length, (await db.selectFrom('experiences').select('id').execute()).length,
    ];
    expect(await count()).toEqual([3, 4]);
    await seedDemo(db);
    expect(await count()).toEqual([3, 4]);
  });
});
