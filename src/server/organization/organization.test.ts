import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { seedDemo } from '../db/seed.ts';
import { addLaterDemoSettings } from './demo.ts';
import { insertOrganization, listSettings, saveSetting } from './organization.repository.ts';

let t: TestApp;
let app: TestApp['app'];

beforeAll(async () => void ({ app } = t = await createTestApp()));
afterAll(() => t.close());

const withKey = (key = 'pk_demo_terrace', extra: Record<string, string> = {}) => ({
  headers: { Authorization: `Bearer ${key}`, Accept: 'application/json', ...extra },
});

describe(`GET /api/organization/current (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('answers the demo organization with ten ranks from P10 at 0 points up to P1', async () => {
    const res = await app.request('/api/organization/current', withKey());
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.name).toBe('Terrace FC');
    expect(data.organizationId).toMatch(/\S+/);
    expect(data.token).toMatch(/^ot_/);
    expect(data.ranks.map((r: { name: string }) => r.name)).toEqual(
      ['P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1'],
    );
    expect(data.ranks[0]).toEqual({ name: 'P10', pointsRequired: 0 });
    const thresholds = data.ranks.map((r: { pointsRequired: number }) => r.pointsRequired);
    expect([...thresholds].sort((a, b) => a - b)).toEqual(thresholds);
    expect(data.settings).toMatchObject({
      pointTerm: 'point', pointsTerm: 'points', ssoEnabled: 'false', loggedOffDashboard: 'false',
    });
    expect(data.timeZone).toBe('Europe/London');
    expect(data.theme.primary).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it("carries the demo club's identity: a crest and a hero, both files served from public/", async () => {
    const { data } = await (await app.request('/api/organization/current', withKey())).json();
    expect(data.settings).toMatchObject({ crestUrl: '/brand/terrace-fc/crest.svg', heroUrl: '/brand/terrace-fc/hero.svg' });
    const publicDir = join(import.meta.dirname, '..', '..', '..', 'public');
    expect(existsSync(join(publicDir, data.settings.crestUrl))).toBe(true);
    expect(existsSync(join(publicDir, data.settings.heroUrl))).toBe(true);
    expect(data.settings.aboutMarkdown).toMatch(/^## Who we are\n/);
  });

  it('gives a club without identity settings the product mark as its crest and no hero', async () => {
    await insertOrganization(t.testDb.db, {
      id: 'org-plain', name: 'Plain Athletic', public_key: 'pk_plain', token: 'ot_plain', time_zone: 'Europe/Madrid', created_at: new Date().toISOString(),
    });
    const res = await app.request('/api/organization/current', withKey('pk_plain'));
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.name).toBe('Plain Athletic');
    expect(data.settings).toMatchObject({ crestUrl: '/favicon.svg', heroUrl: null });
  });

  it("carries the demo club's six Instagram posts, each picture a file served from public/, and its profile", async () => {
    const { data } = await (await app.request('/api/organization/current', withKey())).json();
    const posts: Array<{ image: string; sources: Array<{ src: string }>; url: string; postedAt: string }> = data.settings.instagramPosts;
    expect(posts).toHaveLength(6);
    const publicDir = join(import.meta.dirname, '..', '..', '..', 'public');
    for (const post of posts) {
      expect(post.url).toMatch(/^https:\/\/www\.instagram\.com\/p\//);
      for (const path of [post.image, ...post.sources.map((s) => s.src)]) expect(existsSync(join(publicDir, path)), path).toBe(true);
    }
    const times = posts.map((p) => p.postedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(data.settings.instagramProfile).toEqual({ url: 'https://www.instagram.com/terracefc/', handle: 'terracefc' });
  });

  it('gives a demo database made before the Instagram settings their demo values at the next seed, and overwrites nothing', async () => {
    const db = t.testDb.db;
    const { organization_id: id } = await db.selectFrom('organizations').select('id as organization_id').where('public_key', '=', 'pk_demo_terrace').executeTakeFirstOrThrow();
    await db.deleteFrom('organization_settings').where('organization_id', '=', id).where('key', 'in', ['instagramPosts', 'instagramProfileUrl']).execute();
    expect((await (await app.request('/api/organization/current', withKey())).json()).data.settings).toMatchObject({ instagramPosts: [], instagramProfile: null });

    await saveSetting(db, { organization_id: id, key: 'instagramProfileUrl', value: 'https://instagram.com/terrace.club/' });
    expect(await seedDemo(db)).toBe(false);
    const { data } = await (await app.request('/api/organization/current', withKey())).json();
    expect(data.settings.instagramPosts).toHaveLength(6);
    expect(data.settings.instagramProfile).toEqual({ url: 'https://instagram.com/terrace.club/', handle: 'terrace.club' });
    // Once there, a second start adds nothing.
    expect(await addLaterDemoSettings(db)).toBe(0);
  });

  it("leaves another club's settings alone when seeding an existing database", async () => {
    const db = t.testDb.db;
    await insertOrganization(db, {
      id: 'org-renamed', name: 'Riverside Wanderers', public_key: 'pk_renamed', token: 'ot_renamed', time_zone: 'Europe/London', created_at: new Date().toISOString(),
    });
    expect(await addLaterDemoSettings(db, 'pk_renamed')).toBe(0);
    expect(await addLaterDemoSettings(db, 'pk_nobody')).toBe(0);
    expect(await listSettings(db, 'org-renamed')).toEqual({});
  });

  it('answers 401 with a JSON error when the key is missing', async () => {
    const res = await app.request('/api/organization/current');
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.message).toContain('Authorization: Bearer');
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('answers 401 for an unknown key', async () => {
    const res = await app.request('/api/organization/current', withKey('pk_nobody'));
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });

  it('accepts the matching x-org-token and refuses a wrong one', async () => {
    const { data } = await (await app.request('/api/organization/current', withKey())).json();
    const ok = await app.request('/api/organization/current', withKey(undefined, { 'x-org-token': data.token }));
    expect(ok.status).toBe(200);
    const wrong = await app.request('/api/organization/current', withKey(undefined, { 'x-org-token': 'ot_wrong' }));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.message).toContain('x-org-token');
  });
});
