import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../db/connection.ts';
import { SENT_WITH_NEXT } from '../db/pg-named.ts';
import { award } from '../ledger/ledger.ts';
import { operatorKey } from '../testing/operators.ts';
import { api, enter, newSupporter, newSweepstake, organizationId } from '../testing/sweepstakes.ts';
import { createTestApp, TEST_SECRET, type TestApp } from '../testing/test-app.ts';
import { checkIn, shiftDay } from '../checkin/checkin.service.ts';
import { issueTicket } from '../checkin/checkin.ticket.ts';
import { dateInTimeZone } from '../users/age.ts';
import { up as giveFirstCheckinBadges } from '../db/migrations/042_first_checkin_badges.ts';
import { earnChallengeBadges } from './badge.service.ts';

// Milestone badges (issue 26, point 4): each earned once, in the award's own transaction, with the moment it was
// earned, said as the answer's moment; the club names and draws them in the console (owner, editor), audited.

let t: TestApp;
let orgId: string;
let timeZone: string;
beforeAll(async () => {
  t = await createTestApp();
  orgId = await organizationId(t);
  timeZone = (await t.testDb.db.selectFrom('organizations').select('time_zone').executeTakeFirstOrThrow()).time_zone;
});
afterAll(() => t.close());

const badgesOf = (result: { standing: { moments: Array<{ kind: string; badge?: { id: string } }> } }) =>
  result.standing.moments.flatMap((m) => (m.kind === 'badge' ? [m.badge!.id] : []));
const earnedRows = (userId: string) => t.testDb.db.selectFrom('milestones_earned').select(['milestone', 'earned_at']).where('user_id', '=', userId).orderBy('milestone').execute();
const checkInOn = (userId: string, day: string) => t.testDb.db.transaction()
  .execute((trx) => checkIn(trx, { organizationId: orgId, userId }, { secret: TEST_SECRET, now: new Date(`${day}T12:00:00Z`) }));
/** What `work` answers on a second handle on the test database, and every statement it ran there. */
async function withStatements<T>(work: (db: Db) => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const logged = createDatabase(t.testDb.url, {
    ...(t.testDb.schema ? { schema: t.testDb.schema } : {}), log: (event) => { if (event.level === 'query') statements.push(event.query.sql); },
  });
  try {
    return { result: await work(logged), statements };
  } finally {
    await logged.destroy();
  }
}

describe(`milestone badges (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('earns the first check-in once, and the 7-day streak on the seventh day in a row, once, each with its moment', async () => {
    const { userId } = await newSupporter(t);
    const start = shiftDay(dateInTimeZone(new Date(), timeZone), -10);
    const first = await checkInOn(userId, start);
    expect(badgesOf(first)).toEqual(['first-checkin']);
    expect(first.standing.moments[0]).toMatchObject({ picture: '/images/badges/first-checkin.svg', badge: { name: 'First check-in' } });
    const days = [];
    const kinds = [];
    for (let i = 1; i < 9; i += 1) {
      const result = await checkInOn(userId, shiftDay(start, i));
      days.push(badgesOf(result));
      kinds.push(result.standing.moments.map((m: { kind: string }) => m.kind).join(','));
    }
    // Days 2 to 9: the seventh earns the streak's badge; nothing is earned twice.
    expect(days).toEqual([[], [], [], [], [], ['streak-7'], [], []]);
    // The seventh day is a streak milestone too, said first, with the club's crest.
    expect(kinds).toEqual(['', '', '', '', '', 'streak,badge', '', '']);
    const rows = await earnedRows(userId);
    expect(rows.map((r) => r.milestone)).toEqual(['first-checkin', 'streak-7']);
    expect(rows[0]!.earned_at).toBe(`${start}T12:00:00.000Z`);
  });

  it('gives the week\'s badge, without a moment, to a supporter past the seventh day without it (badges came mid-streak)', async () => {
    const { userId } = await newSupporter(t);
    const start = shiftDay(dateInTimeZone(new Date(), timeZone), -12);
    for (let i = 0; i < 8; i += 1) await checkInOn(userId, shiftDay(start, i));
    await t.testDb.db.deleteFrom('milestones_earned').where('user_id', '=', userId).where('milestone', '=', 'streak-7').execute();
    const ninth = await checkInOn(userId, shiftDay(start, 8));
    expect(ninth.days).toBe(9);
    expect(badgesOf(ninth)).toEqual([]);
    expect((await earnedRows(userId)).map((r) => r.milestone)).toEqual(['first-checkin', 'streak-7']);
    // Held past the seventh day: its one statement goes with the write's next, its answer not waited for.
    const { statements } = await withStatements((db) => db.transaction()
      .execute((trx) => checkIn(trx, { organizationId: orgId, userId }, { secret: TEST_SECRET, now: new Date(`${shiftDay(start, 9)}T12:00:00Z`) })));
    const asked = statements.filter((text) => text.includes('"milestones_earned"'));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.endsWith(SENT_WITH_NEXT)).toBe(true);
  });

  it('gives whoever checked in before badges existed the first check-in\'s badge, dated then; a streak asks for it no more', async () => {
    const { userId } = await newSupporter(t);
    const start = shiftDay(dateInTimeZone(new Date(), timeZone), -5);
    await checkInOn(userId, start);
    // As a supporter who checked in before badges (migration 033) stands: no badge.
    await t.testDb.db.deleteFrom('milestones_earned').where('user_id', '=', userId).execute();
    // The next day continues the streak: the check-in asks for no badge (the first check-in's would be given here).
    expect(badgesOf(await checkInOn(userId, shiftDay(start, 1)))).toEqual([]);
    expect(await earnedRows(userId)).toEqual([]);
    // Migration 042 gives it, dated at the first check-in.
    await giveFirstCheckinBadges(t.testDb.db);
    const first = await t.testDb.db.selectFrom('ledger_entries').select((eb) => eb.fn.min('created_at').as('at'))
      .where('user_id', '=', userId).where('kind', '=', 'checkin').executeTakeFirstOrThrow();
    expect(await earnedRows(userId)).toEqual([{ milestone: 'first-checkin', earned_at: first.at }]);
  });

  it('earns the first sweepstake entry once: the first entry is a moment with its badge, the second is none', async () => {
    const { token, userId } = await newSupporter(t, 200);
    const sweepstake = await newSweepstake(t);
    const res = await enter(t, sweepstake.id, token, 1, { 'Accept-Language': 'es' });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.standing.moments).toEqual([
      { kind: 'firstEntry', picture: '/brand/terrace-fc/crest.svg' },
      { kind: 'badge', picture: '/images/badges/first-entry.svg', badge: { id: 'first-entry', name: 'Primer sorteo' } },
    ]);
    const again = await (await enter(t, sweepstake.id, token, 1)).json();
    expect(again.data.standing.moments).toEqual([]);
    expect((await earnedRows(userId)).map((r) => r.milestone)).toEqual(['first-entry']);
  });

  it('asks for the first check-in\'s badge at the first check-in only: a streak begun again asks nothing, a ticket of yesterday after today\'s earns none', async () => {
    const caller = async () => ({ organizationId: orgId, userId: (await newSupporter(t)).userId });
    const today = dateInTimeZone(new Date(), timeZone);
    const ticketed = await caller();
    expect(badgesOf(await checkInOn(ticketed.userId, today))).toEqual(['first-checkin']);
    // Yesterday's check-in, made today from a ticket: its read cannot see today's, and asks (the badge is held).
    const ticket = issueTicket(TEST_SECRET, ticketed, shiftDay(today, -1));
    const late = await t.testDb.db.transaction().execute((trx) => checkIn(trx, ticketed, { secret: TEST_SECRET, now: new Date(`${today}T12:00:00Z`), ticket }));
    expect(badgesOf(late)).toEqual([]);
    expect((await earnedRows(ticketed.userId)).map((r) => r.milestone)).toEqual(['first-checkin']);

    // A streak begun again, after a day without: no statement of the badges' at all.
    const { userId } = await caller();
    expect(badgesOf(await checkInOn(userId, shiftDay(today, -10)))).toEqual(['first-checkin']);
    const { result: again, statements } = await withStatements((db) => db.transaction()
      .execute((trx) => checkIn(trx, { organizationId: orgId, userId }, { secret: TEST_SECRET, now: new Date(`${shiftDay(today, -5)}T12:00:00Z`) })));
    expect(again.days).toBe(1);
    expect(badgesOf(again)).toEqual([]);
    expect(statements.filter((text) => text.includes('"milestones_earned"'))).toEqual([]);
  });

  it('earns ten challenges with a poll vote that is the tenth answer, whether or not the poll had a vote before', async () => {
    const db = t.testDb.db;
    const model = await db.selectFrom('challenges').selectAll().where('organization_id', '=', orgId).where('subtype', '=', 'poll')
      .where('title', '=', 'Boxing Day kit').executeTakeFirstOrThrow();
    const newPoll = async () => {
      const id = randomUUID();
      await db.insertInto('challenges').values({ ...model, id }).execute();
      return id;
    };
    const withNineAnswers = async () => {
      const supporter = await newSupporter(t);
      for (let i = 0; i < 9; i += 1) {
        await db.insertInto('challenge_responses').values({ id: randomUUID(), user_id: supporter.userId, challenge_id: await newPoll(), response_index: 0, response_text: null, created_at: new Date().toISOString() }).execute();
      }
      return supporter;
    };
    const vote = async (token: string, pollId: string) => {
      const response = await api(t, `/challenge/${pollId}`, { method: 'POST', token, body: { poll: { responseIndex: 1 } }, headers: { 'Idempotency-Key': randomUUID() } });
      expect(response.status).toBe(200);
      return badgesOf((await response.json()).data);
    };
    // A poll with a vote already: on PostgreSQL the vote's own statement reads the badge's state, its vote counted.
    const voted = await newPoll();
    expect(await vote((await newSupporter(t)).token, voted)).toEqual([]);
    const first = await withNineAnswers();
    expect(await vote(first.token, voted)).toEqual(['challenges-10']);
    expect(await vote(first.token, await newPoll())).toEqual([]);
    // A poll's first vote: the badge's state is read on its own.
    const second = await withNineAnswers();
    expect(await vote(second.token, await newPoll())).toEqual(['challenges-10']);
    expect((await earnedRows(second.userId)).map((r) => r.milestone)).toEqual(['challenges-10']);
  });

  it('earns ten challenges once they are ten, once', async () => {
    const { userId } = await newSupporter(t);
    const model = await t.testDb.db.selectFrom('challenges').selectAll().where('organization_id', '=', orgId).executeTakeFirstOrThrow();
    const answer = async () => {
      const id = randomUUID();
      await t.testDb.db.insertInto('challenges').values({ ...model, id }).execute();
      await t.testDb.db.insertInto('challenge_responses').values({ id: randomUUID(), user_id: userId, challenge_id: id, response_index: null, response_text: 'x', created_at: new Date().toISOString() }).execute();
      return t.testDb.db.transaction().execute((trx) => earnChallengeBadges(trx, { organizationId: orgId, userId }));
    };
    const earned = [];
    for (let i = 0; i < 11; i += 1) earned.push((await answer()).map((m) => m.kind === 'badge' && m.badge.id));
    expect(earned.findIndex((e) => e.length > 0)).toBe(9);
    expect(earned.flat()).toEqual(['challenges-10']);
    // Held, the badge is asked for no more: one statement reads that with the count, and nothing is written.
    const { result, statements } = await withStatements((db) => earnChallengeBadges(db, { organizationId: orgId, userId }));
    expect(result).toEqual([]);
    expect(statements).toHaveLength(1);
  });

  it('shows the supporter every milestone badge: earned with when, or still to earn, in their language', async () => {
    const { token, userId } = await newSupporter(t);
    await award(t.testDb.db, { userId, amount: 5, kind: 'test', idempotencyKey: `t:${userId}` });
    await api(t, '/checkin', { method: 'POST', token });
    const { data } = await (await api(t, '/user/me/badges/milestones', { token, headers: { 'Accept-Language': 'es' } })).json();
    expect(data.map((b: { milestone: string }) => b.milestone)).toEqual(['first-checkin', 'streak-7', 'challenges-10', 'first-entry']);
    expect(data[0]).toMatchObject({ name: 'Primera visita', image: '/images/badges/first-checkin.svg', earnedAt: expect.stringMatching(/^\d{4}-/) });
    expect(data[1]).toMatchObject({ name: 'Racha de siete días', earnedAt: null });
  });
});

describe('/api/admin/badges', () => {
  it('lets owners and editors name and draw them, audited; support and supporters are refused writing, and a refusal names the field', async () => {
    const editor = await operatorKey(t.testDb.db, 'editor');
    const support = await operatorKey(t.testDb.db, 'support');
    const { token: supporter } = await newSupporter(t);
    const body = { name: 'Early bird', image: '/images/badges/club-shop.svg', translations: { es: { name: 'Madrugador' } } };
    for (const token of [support, supporter]) {
      expect((await api(t, '/admin/badges/first-checkin', { method: 'PUT', token, body })).status).toBe(403);
      expect((await api(t, '/admin/badges/first-checkin/image', { method: 'POST', token })).status).toBe(403);
    }
    expect((await api(t, '/admin/badges', { token: supporter })).status).toBe(403);
    expect((await api(t, '/admin/badges', { token: support })).status).toBe(200);
    const res = await api(t, '/admin/badges/first-checkin', { method: 'PUT', token: editor, body });
    expect(res.status).toBe(200);
    expect((await res.json()).data[0]).toEqual({ milestone: 'first-checkin', custom: true, ...body });
    const [entry] = (await (await api(t, '/admin/audit?kind=badge', { token: t.ownerKey })).json()).data.entries;
    expect(entry).toMatchObject({ action: 'badge.update', subjectId: 'first-checkin', before: { name: 'First check-in', custom: false }, after: { name: 'Early bird' } });

    // Supporters see the club's name in their language.
    const { token } = await newSupporter(t);
    const first = await (await api(t, '/checkin', { method: 'POST', token, headers: { 'Accept-Language': 'es' } })).json();
    expect(first.data.standing.moments).toContainEqual({ kind: 'badge', picture: '/images/badges/club-shop.svg', badge: { id: 'first-checkin', name: 'Madrugador' } });

    for (const [field, value] of Object.entries({ name: '', image: 'https://evil.example/x.svg', translations: { es: { name: 'x'.repeat(41) } } })) {
      const refused = await api(t, '/admin/badges/streak-7', { method: 'PUT', token: t.ownerKey, body: { ...body, [field]: value } });
      expect(refused.status, field).toBe(422);
      expect(Object.keys((await refused.json()).error.details).some((f) => f === field || f.startsWith(`${field}.`)), field).toBe(true);
    }
    expect((await api(t, '/admin/badges/no-such', { method: 'PUT', token: t.ownerKey, body })).status).toBe(422);

    // An uploaded picture becomes the badge's, stored as a square WebP under the media route.
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#0b5d3b' } }).png().toBuffer();
    const uploaded = await t.app.request('/api/admin/badges/challenges-10/image', {
      method: 'POST', headers: { Authorization: `Bearer ${editor}`, 'Content-Type': 'image/png' }, body: png,
    });
    expect(uploaded.status).toBe(200);
    const ten = (await uploaded.json()).data.find((b: { milestone: string }) => b.milestone === 'challenges-10');
    expect(ten).toMatchObject({ name: 'Ten challenges', custom: true, image: expect.stringMatching(/^\/api\/media\/[\w.-]+\.webp$/) });
    const [imaged] = (await (await api(t, '/admin/audit?kind=badge', { token: t.ownerKey })).json()).data.entries;
    expect(imaged).toMatchObject({ action: 'badge.image', subjectId: 'challenges-10', after: { image: ten.image } });
  });
});
