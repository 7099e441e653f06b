import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/secrets.ts';
import { findNextScheduleChange } from '../content/schedule.repository.ts';
import { findLiveSession } from '../session/session.repository.ts';
import type { AppEnv } from '../env.ts';
import { award } from '../ledger/ledger.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { raiseVersionsAfterWrites } from './versions.middleware.ts';

// The versions a kept signed-in page is checked against (src/server/http/kept-pages/).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const viewer = async (token: string) => {
  const row = await findLiveSession(t.testDb.db, hashToken(token), new Date().toISOString());
  return row && { page: Number(row.page_version), content: Number(row.contentVersion), userId: row.id };
};

describe(`page versions (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('finds the viewer of a live session only, with both versions', async () => {
    const { token } = await signIn(t, 'versions-viewer@example.com');
    expect(await viewer(token)).toMatchObject({ page: expect.any(Number), content: expect.any(Number) });
    expect(await viewer('x'.repeat(43))).toBeUndefined();
    await t.app.request('/api/session', { method: 'DELETE', headers: headers(token) });
    expect(await viewer(token)).toBeUndefined();
  });

  it('raises the supporter\'s page version after any write they ask for, refused or not', async () => {
    const { token } = await signIn(t, 'versions-writes@example.com');
    const start = (await viewer(token))!.page;
    const checkin = await t.app.request('/api/checkin', { method: 'POST', headers: headers(token) });
    expect(checkin.status).toBe(200);
    const afterCheckin = (await viewer(token))!.page;
    // Once per request, after it: the ledger's statement leaves it alone.
    expect(afterCheckin).toBe(start + 1);
    const refused = await t.app.request('/api/checkin', { method: 'POST', headers: headers(token) });
    expect(refused.status).toBe(422);
    expect((await viewer(token))!.page).toBe(afterCheckin + 1);
    // Reads change nothing.
    await t.app.request('/api/checkin', { headers: headers(token) });
    await t.app.request('/api/user/me/points', { headers: headers(token) });
    expect((await viewer(token))!.page).toBe(afterCheckin + 1);
  });

  it('leaves other supporters\' pages alone, and raises everyone\'s content version after an operator\'s write', async () => {
    const { token: mine } = await signIn(t, 'versions-mine@example.com');
    const { token: theirs } = await signIn(t, 'versions-theirs@example.com');
    const before = (await viewer(theirs))!;
    await t.app.request('/api/checkin', { method: 'POST', headers: headers(mine) });
    expect((await viewer(theirs))!.page).toBe(before.page);
    const operator = await t.app.request('/api/admin/challenges/no-such-challenge/outcome', {
      method: 'POST', headers: { ...headers(t.ownerKey), 'content-type': 'application/json' }, body: JSON.stringify({ responseIndex: 0 }),
    });
    expect(operator.status).toBeGreaterThanOrEqual(400);
    expect((await viewer(theirs))!.content).toBe(before.content + 1);
  });

  it('raises the version of every supporter whose balance a request changed, whoever asked, even on a read', async () => {
    const { token } = await signIn(t, 'versions-paid@example.com');
    const before = (await viewer(token))!;
    // A read that pays someone else (a birthday bonus is paid on GET /user/me; a referrer by a friend's award).
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('db', t.testDb.db);
      await next();
    });
    app.use(raiseVersionsAfterWrites);
    app.get('/pays', async (c) => {
      await award(c.get('db'), { userId: before.userId, amount: 5, kind: 'birthday', idempotencyKey: 'versions-test:1' });
      return c.body(null, 204);
    });
    expect((await app.request('/pays')).status).toBe(204);
    expect((await viewer(token))!.page).toBe(before.page + 1);
    // Replayed, the award changes nothing: neither does the version.
    await app.request('/pays');
    expect((await viewer(token))!.page).toBe(before.page + 1);
  });

  it('names the next moment a challenge appears or closes, or a story starts or stops', async () => {
    const org = await t.testDb.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    const challenges = await t.testDb.db.selectFrom('challenges').select(['visible_from', 'expires_on']).where('organization_id', '=', org.id).execute();
    const stories = await t.testDb.db.selectFrom('stories').select(['starts_at', 'stops_at']).where('organization_id', '=', org.id).execute();
    const now = new Date().toISOString();
    const moments = [...challenges.flatMap((r) => [r.visible_from, r.expires_on]), ...stories.flatMap((r) => [r.starts_at, r.stops_at])];
    const expected = moments.filter((v): v is string => !!v && v > now).sort()[0];
    expect(expected).toBeDefined();
    expect(await findNextScheduleChange(t.testDb.db, org.id, now)).toBe(expected);
    expect(await findNextScheduleChange(t.testDb.db, org.id, '9999-01-01T00:00:00.000Z')).toBeUndefined();
    // A story that starts in an hour is the next change before anything later.
    const soon = new Date(Date.now() + 60_000).toISOString();
    const story = await t.testDb.db.selectFrom('stories').select('id').where('organization_id', '=', org.id).executeTakeFirstOrThrow();
    await t.testDb.db.updateTable('stories').set({ starts_at: soon }).where('id', '=', story.id).execute();
    expect(await findNextScheduleChange(t.testDb.db, org.id, now)).toBe(soon < expected! ? soon : expected);
  });
});
