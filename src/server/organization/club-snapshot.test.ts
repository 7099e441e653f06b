import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '../../shared/request-context.server.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { clubSnapshot, forgetClub, noteClubVersion } from './club-snapshot.ts';
import { listSettings, saveSetting } from './organization.repository.ts';

let t: TestApp;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  organizationId = (await t.testDb.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const version = async () => Number((await t.testDb.db.selectFrom('organizations').select('content_version')
  .where('id', '=', organizationId).executeTakeFirstOrThrow()).content_version);

/** A request's notes, as the HTTP layer opens them, with the club's version its caller read. */
function inRequest<T>(clubVersion: number, work: () => Promise<T>): Promise<T> {
  return requestContext.run({ requestId: 'test' }, () => noteClubVersion(t.testDb.db, organizationId, clubVersion, work));
}

describe("the club's settings, ranks and badges kept under its content version", () => {
  it('every write to a setting or a rank raises the version, made with SQL too', async () => {
    const db = t.testDb.db;
    const start = await version();
    await db.insertInto('organization_settings').values({ organization_id: organizationId, key: 'snapshotProbe', value: 'a' }).execute();
    expect(await version()).toBe(start + 1);
    await db.updateTable('organization_settings').set({ value: 'b' }).where('organization_id', '=', organizationId).where('key', '=', 'snapshotProbe').execute();
    expect(await version()).toBe(start + 2);
    await db.deleteFrom('organization_settings').where('organization_id', '=', organizationId).where('key', '=', 'snapshotProbe').execute();
    expect(await version()).toBe(start + 3);
    await db.updateTable('ranks').set({ perk: 'A scarf' }).where('organization_id', '=', organizationId).where('name', '=', 'P9').execute();
    expect(await version()).toBe(start + 4);
  });

  it('is read once per version, again under a newer one or after a write here, and always without a version', async () => {
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    const current = await version();
    expect(await inRequest(current, () => clubSnapshot(organizationId, 'probe', read))).toBe(1);
    expect(await inRequest(current, () => clubSnapshot(organizationId, 'probe', read))).toBe(1);
    // A request that read an older version (it began before the write) is served the newer reading.
    expect(await inRequest(current - 1, () => clubSnapshot(organizationId, 'probe', read))).toBe(1);
    expect(await inRequest(current + 1, () => clubSnapshot(organizationId, 'probe', read))).toBe(2);
    forgetClub(organizationId);
    expect(await inRequest(current + 1, () => clubSnapshot(organizationId, 'probe', read))).toBe(3);
    // Another club, no version (a job, a script): the database every time.
    expect(await inRequest(current + 1, () => clubSnapshot('another-club', 'probe', read))).toBe(4);
    expect(await clubSnapshot(organizationId, 'probe', read)).toBe(5);
    expect(await clubSnapshot(organizationId, 'probe', read)).toBe(6);
    // A failed read is not kept.
    let fail = true;
    const flaky = () => (fail ? Promise.reject(new Error('connection lost')) : Promise.resolve('read'));
    await expect(inRequest(current + 2, () => clubSnapshot(organizationId, 'flaky', flaky))).rejects.toThrow('connection lost');
    fail = false;
    expect(await inRequest(current + 2, () => clubSnapshot(organizationId, 'flaky', flaky))).toBe('read');
  });

  it('a setting saved in a request is what the rest of that request reads', async () => {
    const current = await version();
    await inRequest(current, async () => {
      const before = await listSettings(t.testDb.db, organizationId);
      await saveSetting(t.testDb.db, { organization_id: organizationId, key: 'checkinPoints', value: String(Number(before['checkinPoints'] ?? 10) + 1) });
      expect((await listSettings(t.testDb.db, organizationId))['checkinPoints']).toBe(String(Number(before['checkinPoints'] ?? 10) + 1));
      await saveSetting(t.testDb.db, { organization_id: organizationId, key: 'checkinPoints', value: before['checkinPoints'] ?? '10' });
    });
  });

  it('a check-in pays the points set with SQL a moment before, through the API', async () => {
    const setting = (value: string) => t.testDb.db.updateTable('organization_settings').set({ value })
      .where('organization_id', '=', organizationId).where('key', '=', 'checkinPoints').execute();
    const checkIn = async (name: string) => {
      const { token } = await signIn(t, `${name}@example.com`);
      const res = await t.app.request('/api/checkin', { method: 'POST', headers: headers(token) });
      expect(res.status).toBe(200);
      return (await res.json()).data.points;
    };
    try {
      expect(await checkIn('snapshot-first')).toBe(10);
      await setting('25');
      expect(await checkIn('snapshot-second')).toBe(25);
    } finally {
      await setting('10');
    }
  });

  it("a first check-in names the badge as renamed with SQL a moment before (its write raised the version: migration 040)", async () => {
    const badgeName = async (name: string) => {
      const { token } = await signIn(t, `${name}@example.com`);
      const res = await t.app.request('/api/checkin', { method: 'POST', headers: headers(token) });
      expect(res.status).toBe(200);
      const moments = (await res.json()).data.standing.moments as Array<{ kind: string; badge?: { id: string; name: string } }>;
      return moments.find((m) => m.kind === 'badge' && m.badge?.id === 'first-checkin')?.badge?.name;
    };
    const start = await version();
    const now = new Date().toISOString();
    await t.testDb.db.insertInto('badges').values({
      organization_id: organizationId, milestone: 'first-checkin', name: 'Through the gates', image: '/badges/first-checkin.svg', translations: '{}', updated_at: now,
    }).execute();
    try {
      expect(await version()).toBe(start + 1);
      expect(await badgeName('snapshot-badge-first')).toBe('Through the gates');
      await t.testDb.db.updateTable('badges').set({ name: 'Matchday regular' }).where('organization_id', '=', organizationId).where('milestone', '=', 'first-checkin').execute();
      expect(await version()).toBe(start + 2);
      expect(await badgeName('snapshot-badge-second')).toBe('Matchday regular');
    } finally {
      await t.testDb.db.deleteFrom('badges').where('organization_id', '=', organizationId).where('milestone', '=', 'first-checkin').execute();
    }
    expect(await version()).toBe(start + 3);
  });
});
