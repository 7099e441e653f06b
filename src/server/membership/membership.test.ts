import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/connection.ts';
import { migrations } from '../db/migrations/index.ts';
import { seedDemoOrganization } from '../organization/demo.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (path: string, token?: string) => t.app.request(path, { headers: headers(token) });
const send = (method: string, path: string, body: unknown, token?: string) =>
  t.app.request(path, { method, headers: headers(token), body: JSON.stringify(body) });
const choose = (token: string, membership: unknown) => send('POST', '/api/membership/choose', { membership }, token);
const me = async (token: string) => (await (await get('/api/user/me', token)).json()).data;
const pendingRows = (email: string) => t.testDb.db.selectFrom('membership_upgrade_requests as r')
  .innerJoin('users as u', 'u.id', 'r.user_id').innerJoin('membership_tiers as m', 'm.id', 'r.tier_id')
  .select(['m.slug', 'r.status', 'r.created_at']).where('u.email', '=', email).execute();

describe(`membership tiers and choice (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('lists the demo tiers in order with the organization key: entry first, free and paid', async () => {
    const res = await get('/api/membership/tiers');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.map((tier: { slug: string }) => tier.slug)).toEqual(['entry', 'supporter', 'gold']);
    expect(data[0]).toMatchObject({ name: 'Entry', priceLabel: 'Free', isPaid: false, position: 0 });
    expect(data[2]).toMatchObject({ slug: 'gold', isPaid: true });
    for (const tier of data) expect(tier.perks.length).toBeGreaterThan(0);
  });

  it('answers one tier, and 404 with a clear message for an unknown one', async () => {
    expect((await (await get('/api/membership/tiers/gold')).json()).data.name).toBe('Gold');
    const missing = await get('/api/membership/tiers/platinum');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe('There is no membership called "platinum".');
  });

  it('refuses choosing without a session, and without an Authorization header', async () => {
    expect((await choose('pk_demo_terrace', 'entry')).status).toBe(401);
    expect((await t.app.request('/api/membership/tiers')).status).toBe(401);
  });

  it('applies a free tier: membership set, the choice recorded on /user/me', async () => {
    const { token } = await signIn(t, 'free@example.com');
    const before = await me(token);
    expect(before).toMatchObject({ isNewUser: true, membershipChosen: false });
    expect(before.properties.membership).toBe('entry');

    const res = await choose(token, 'supporter');
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({
      membership: 'supporter', upgradeRequested: false, message: 'You are now a Supporter member.',
    });
    const after = await me(token);
    expect(after).toMatchObject({ membershipChosen: true, welcomed: false, isNewUser: true, properties: { membership: 'supporter' } });
    expect(await pendingRows('free@example.com')).toEqual([]);
    // "an" before a vowel: the default tier reads "an Entry member".
    expect((await (await choose(token, 'entry')).json()).data.message).toBe('You are now an Entry member.');
  });

  it('records a paid tier as a pending request, once, and keeps entry until payment exists', async () => {
    const { token } = await signIn(t, 'gold@example.com');
    const res = await choose(token, 'gold');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ membership: 'entry', upgradeRequested: true });
    expect(data.message).toMatch(/^Payment is not available yet; we have recorded your request for Gold\./);
    expect(await me(token)).toMatchObject({ membershipChosen: true, properties: { membership: 'entry' } });

    const rows = await pendingRows('gold@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ slug: 'gold', status: 'pending' });
    expect(new Date(rows[0]!.created_at).toISOString()).toBe(rows[0]!.created_at);

    // Asking again adds no second request.
    expect((await choose(token, 'gold')).status).toBe(200);
    expect(await pendingRows('gold@example.com')).toHaveLength(1);

    const mine = (await (await get('/api/membership/me', token)).json()).data;
    expect(mine).toMatchObject({
      membership: 'entry', tier: { slug: 'entry' }, membershipChosen: true,
      pendingUpgrades: [{ membership: 'gold', name: 'Gold', status: 'pending' }],
    });
  });

  it('keeps a free tier already held when a paid one is requested', async () => {
    const { token } = await signIn(t, 'keeper@example.com');
    await choose(token, 'supporter');
    const { data } = await (await choose(token, 'gold')).json();
    expect(data).toMatchObject({ membership: 'supporter', upgradeRequested: true });
    expect(data.message).toContain('You keep your Supporter membership for now.');
    expect((await me(token)).properties.membership).toBe('supporter');
  });

  it('keeps the first choice time', async () => {
    const { token } = await signIn(t, 'props@example.com');
    await choose(token, 'entry');
    const first = await t.testDb.db.selectFrom('users').select('membership_chosen_at').where('email', '=', 'props@example.com').executeTakeFirstOrThrow();
    await choose(token, 'supporter');
    const second = await t.testDb.db.selectFrom('users').select('membership_chosen_at').where('email', '=', 'props@example.com').executeTakeFirstOrThrow();
    expect(second.membership_chosen_at).toBe(first.membership_chosen_at);
    expect((await me(token)).properties).toEqual({ membership: 'supporter', birthdayBonusPoints: 0 });
  });

  it('answers 404 for an unknown tier and changes nothing', async () => {
    const { token } = await signIn(t, 'unknown@example.com');
    const res = await choose(token, 'platinum');
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({ code: 'not_found', message: 'There is no membership called "platinum".' });
    expect(await me(token)).toMatchObject({ membershipChosen: false });
  });

  it('answers 422 with a message per field for a bad body', async () => {
    const { token } = await signIn(t, 'bad@example.com');
    for (const [body, message] of [
      [{}, 'Choose a membership.'],
      [{ membership: '' }, 'Choose a membership.'],
      [{ membership: 42 }, 'Choose a membership.'],
      [{ membership: 'Gold Plus!' }, 'Use the membership\'s short name, e.g. "entry".'],
    ] as const) {
      const res = await send('POST', '/api/membership/choose', body, token);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const { error } = await res.json();
      expect(error.code).toBe('validation_failed');
      expect(error.details, JSON.stringify(body)).toEqual({ membership: message });
    }
  });

  it('does not let PATCH /user/me set properties.membership', async () => {
    const { token } = await signIn(t, 'sneaky@example.com');
    const res = await send('PATCH', '/api/user/me', { properties: { membership: 'gold' } }, token);
    expect(res.status).toBe(422);
    expect((await res.json()).error.details.properties).toMatch(/membership/);
    expect(await me(token)).toMatchObject({ membershipChosen: false, properties: {} });
  });

  it('lists the routes in the OpenAPI document', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    expect(doc.paths['/membership/tiers'].get).toBeDefined();
    expect(doc.paths['/membership/choose'].post).toBeDefined();
    expect(doc.paths['/membership/me'].get).toBeDefined();
  });
});

describe('migration 004 on a database that already has an organization', () => {
  it('gives that organization the entry tier, so new supporters can always choose', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'terrace-m004-'));
    const db = createDatabase(`file:${join(folder, 'test.db')}`);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('003_consents')).error).toBeUndefined();
      // The demo seed of the time: without tiers (they arrived with 004).
      await db.insertInto('organizations').values({
        id: 'org-1', name: 'Old FC', public_key: 'pk_old', token: 'ot_old', time_zone: 'UTC', created_at: new Date().toISOString(),
      }).execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const tiers = await db.selectFrom('membership_tiers').selectAll().execute();
      expect(tiers).toMatchObject([{ organization_id: 'org-1', slug: 'entry', is_paid: 0, position: 0 }]);
      expect(await seedDemoOrganization(db)).toBe(false);
    } finally {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
