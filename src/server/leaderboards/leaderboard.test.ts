import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { award, refund, reverse, spend } from '../ledger/ledger.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { countEarned } from './leaderboard.earnings.ts';
import { boardOf, boardsAt } from './leaderboard.periods.ts';
import { getLeaderboard, supporterNumber } from './leaderboard.service.ts';

let t: TestApp;
let organizationId: string;
beforeAll(async () => {
  t = await createTestApp();
  organizationId = (await t.testDb.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id;
  // The club's own people sign in at club.test: they are staff, on no board.
  await t.testDb.db.insertInto('organization_settings').values({ organization_id: organizationId, key: 'internalDomains', value: 'club.test' }).execute();
});
afterAll(() => t.close());

const db = () => t.testDb.db;
const board = (token: string, period: string) => t.app.request(`/api/leaderboards/${period}`, { headers: headers(token) });
const chooseName = (token: string, named: unknown) => t.app.request('/api/leaderboards/name', { method: 'PUT', headers: headers(token), body: JSON.stringify({ named }) });

/** A supporter signed in through the real flow, with a name and a birthday. */
async function supporter(name: string, profile: { birthday?: string | null; first?: string; last?: string } = {}) {
  const email = name.includes('@') ? name : `${name}@example.com`;
  const { token } = await signIn(t, email);
  const { id } = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await db().updateTable('users').set({
    first_name: profile.first ?? null, last_name: profile.last ?? null, birthday: profile.birthday === undefined ? '1990-05-01' : profile.birthday,
  }).where('id', '=', id).execute();
  return { token, id };
}

/** Many supporters at once, written straight into the table (no sign-in), each with an award on an old week's board. */
async function crowd(count: number, pointsOf: (i: number) => number, at: string): Promise<string[]> {
  const now = new Date().toISOString();
  // Ids in the board's own order of ties (descending), so a test knows who stands before whom.
  const ids = Array.from({ length: count }, () => randomUUID()).sort().reverse();
  await db().insertInto('users').values(ids.map((id) => ({
    id, organization_id: organizationId, email: `crowd-${id}@example.com`, properties: '{}', birthday: '1990-01-01', created_at: now, updated_at: now, username: `crowd-${id}`,
  }) as never)).execute();
  const { time_zone } = await db().selectFrom('organizations').select('time_zone').where('id', '=', organizationId).executeTakeFirstOrThrow();
  for (const [i, id] of ids.entries()) {
    await countEarned(db(), { userId: id, organization_id: organizationId, email: `crowd-${id}@example.com`, time_zone, operator: false }, pointsOf(i), at);
  }
  return ids;
}

const mode = process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite';

describe(`leaderboard periods (${mode})`, () => {
  it('cuts weeks on Monday, months on the 1st and seasons on 1 July (or the club\'s day), in the club\'s time zone', () => {
    expect(boardOf('week', '2026-11-29', '07-01')).toEqual({ period: 'week', key: 'week:2026-11-23', startsOn: '2026-11-23', endsBefore: '2026-11-30' });
    expect(boardOf('week', '2026-11-30', '07-01').key).toBe('week:2026-11-30');
    expect(boardOf('month', '2026-11-30', '07-01')).toMatchObject({ key: 'month:2026-11-01', endsBefore: '2026-12-01' });
    expect(boardOf('season', '2026-06-30', '07-01')).toMatchObject({ key: 'season:2025-07-01', endsBefore: '2026-07-01' });
    expect(boardOf('season', '2026-07-01', '07-01')).toMatchObject({ key: 'season:2026-07-01', endsBefore: '2027-07-01' });
    expect(boardOf('season', '2026-03-01', '08-15').key).toBe('season:2025-08-15');
    // 23:30 on Sunday 29 November in Madrid is 22:30 UTC: still that week; 00:10 on Monday is the next one.
    expect(boardsAt(new Date('2026-11-29T22:30:00Z'), 'Europe/Madrid', '07-01').map((b) => b.key)).toEqual(['week:2026-11-23', 'month:2026-11-01', 'season:2026-07-01']);
    expect(boardsAt(new Date('2026-11-29T23:10:00Z'), 'Europe/Madrid', '07-01').map((b) => b.key)).toEqual(['week:2026-11-30', 'month:2026-11-01', 'season:2026-07-01']);
    // 00:30 on 1 July in Madrid is 22:30 UTC on 30 June: the new season already.
    expect(boardsAt(new Date('2026-06-30T22:30:00Z'), 'Europe/Madrid', '07-01')[2]!.key).toBe('season:2026-07-01');
  });
});

describe(`leaderboards (${mode})`, () => {
  it('refuses a signed-out caller (401) and a period it does not know (422, with the field named)', async () => {
    expect((await board('pk_demo_terrace', 'week')).status).toBe(401);
    const { token } = await supporter('lb-asker');
    const res = await board(token, 'year');
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.details)).toEqual(['period']);
    expect((await chooseName(token, 'yes')).status).toBe(422);
  });

  it('ranks points earned this week: ties share a place; staff, a blocked account and spending do not count; a minor is never named', async () => {
    const ana = await supporter('lb-ana', { first: 'Ana', last: 'García' });
    const bea = await supporter('lb-bea', { first: 'Bea', last: 'Ruiz' });
    const kid = await supporter('lb-kid', { first: 'Kiko', last: 'Niño', birthday: '2014-03-03' });
    const unsure = await supporter('lb-unsure', { first: 'Uma', birthday: null });
    const spender = await supporter('lb-spender', { first: 'Sol' });
    const me = await supporter('lb-me', { first: 'Mia' });
    const staff = await supporter('coach@club.test', { first: 'Coach' });
    const operator = await supporter('lb-operator', { first: 'Olga' });
    await db().insertInto('operators').values({ id: randomUUID(), organization_id: organizationId, email: 'lb-operator@example.com', role: 'support', invited_by: null, created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).execute();
    const blocked = await supporter('lb-blocked', { first: 'Blas' });

    const give = (userId: string, amount: number, key: string) => award(db(), { userId, amount, kind: 'challenge', idempotencyKey: key });
    await give(ana.id, 100, 'a1');
    await give(bea.id, 60, 'b1');
    await give(bea.id, 40, 'b2');
    await give(kid.id, 80, 'k1');
    await give(unsure.id, 70, 'u1');
    await give(spender.id, 65, 's1');
    await spend(db(), { userId: spender.id, amount: 50, kind: 'sweepstake_entry', idempotencyKey: 's2' });
    await give(me.id, 50, 'm1');
    await give(staff.id, 900, 'st1');
    await give(operator.id, 800, 'op1');
    await give(blocked.id, 700, 'bl1');
    await db().updateTable('users').set({ blocked_at: new Date().toISOString() }).where('id', '=', blocked.id).execute();

    for (const who of [ana, kid, unsure]) expect((await chooseName(who.token, true)).status).toBe(200);
    const res = await board(me.token, 'week');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    const rows = data.top.map((r: { place: number; points: number; name: string | null }) => [r.place, r.points, r.name]);
    // Ana and Bea tie (in the order of their ids): the same place, then the place after both.
    expect(rows.slice(0, 2)).toEqual(expect.arrayContaining([[1, 100, 'Ana G.'], [1, 100, null]]));
    expect(rows.slice(2)).toEqual([[3, 80, null], [4, 70, null], [5, 65, null], [6, 50, null]]);
    expect(data.top.filter((r: { number: number }) => r.number === supporterNumber(bea.id))).toContainEqual(expect.objectContaining({ points: 100, name: null }));
    expect(data.me).toMatchObject({ place: 6, points: 50 });
    expect(data.me.around.map((r: { place: number; you: boolean }) => [r.place, r.you])).toEqual([[4, false], [5, false], [6, true]]);
    expect(data.named).toBe(false);

    // The season and the month count the same points; a refund gives back a spend, it earns nothing.
    await refund(db(), { userId: spender.id, spendKey: 's2', kind: 'sweepstake_refund', idempotencyKey: 's3' });
    for (const period of ['month', 'season']) {
      const other = (await (await board(spender.token, period)).json()).data;
      expect(other.me).toMatchObject({ place: 5, points: 65 });
    }

    // Bea chooses her name; an award taken back lowers Ana's week.
    expect(await (await chooseName(bea.token, true)).json()).toEqual({ data: { named: true, number: supporterNumber(bea.id), name: 'Bea R.' } });
    const kidName = await (await t.app.request('/api/leaderboards/name', { headers: headers(kid.token) })).json();
    expect(kidName).toEqual({ data: { named: true, number: supporterNumber(kid.id), name: null } });
    await reverse(db(), { userId: ana.id, awardKey: 'a1', idempotencyKey: 'a1:back' });
    const after = (await (await board(bea.token, 'week')).json()).data;
    expect(after.named).toBe(true);
    expect(after.top.slice(0, 2).map((r: { place: number; points: number; name: string | null; you: boolean }) => [r.place, r.points, r.name, r.you]))
      .toEqual([[1, 100, 'Bea R.', true], [2, 80, null, false]]);
    // Ana is off the board: the rows are everyone else's. (Not by her four-digit number: another supporter's can be
    // the same, one time in a few thousand, and was once.)
    expect(after.top.map((r: { points: number }) => r.points)).toEqual([100, 80, 70, 65, 50]);

    // Staff see the board, with no place of their own.
    expect((await (await board(staff.token, 'week')).json()).data).toMatchObject({ me: null });
    expect((await chooseName(bea.token, false)).status).toBe(200);
    expect((await (await board(bea.token, 'week')).json()).data.top[0].name).toBeNull();
  });

  it('finds the place of a supporter far below the top from the levels, ties and a blocked account above counted right', async () => {
    // An old week of its own, read as of that week.
    const at = '2026-01-07T12:00:00.000Z';
    const ids = await crowd(80, (i) => 1000 - 10 * Math.floor(i / 2), at); // pairs: 1000, 1000, 990, 990, …
    await db().updateTable('users').set({ blocked_at: at }).where('id', '=', ids[0]!).execute();
    const last = ids.at(-1)!; // 610 points, tied with ids[78]
    const result = await getLeaderboard(db(), { organizationId, userId: last }, 'week', new Date(at));
    expect(result.startsOn).toBe('2026-01-05');
    expect(result.top).toHaveLength(50);
    expect(result.top[0]).toMatchObject({ place: 1, points: 1000 });
    expect(result.top[1]).toMatchObject({ place: 2, points: 990 });
    // 79 supporters on the board (one blocked): 77 above the last pair, which shares place 78.
    expect(result.me).toMatchObject({ place: 78, points: 610 });
    expect(result.me!.around.map((r) => [r.place, r.points, r.you])).toEqual([[76, 620, false], [78, 610, false], [78, 610, true]]);
    const third = await getLeaderboard(db(), { organizationId, userId: ids[40]! }, 'week', new Date(at));
    expect(third.me!.around.map((r) => [r.place, r.points, r.you])).toEqual([[38, 810, false], [38, 810, false], [40, 800, true], [40, 800, false], [42, 790, false]]);
  });

  it('places a supporter right when the totals just above them belong only to blocked accounts', async () => {
    const at = '2026-02-11T12:00:00.000Z';
    const ids = await crowd(60, (i) => 1000 - 10 * i, at);
    await db().updateTable('users').set({ blocked_at: at }).where('id', 'in', ids.slice(55, 58)).execute();
    const result = await getLeaderboard(db(), { organizationId, userId: ids[58]! }, 'week', new Date(at));
    // 58 above, 3 of them blocked: place 56, the two above at 54 and 55, the one below at 57.
    expect(result.me!.around.map((r) => [r.place, r.points])).toEqual([[54, 470], [55, 460], [56, 420], [57, 410]]);
  });

  it('keeps every level the count of the totals at it, under awards and a reversal sent at once', async () => {
    const ids = await crowd(12, () => 5, '2026-03-04T12:00:00.000Z');
    // Twelve supporters, each three awards and one taken back, all at once: every board and level shared.
    await Promise.all(ids.flatMap((userId, i) => [1, 2, 3].map((n) =>
      award(db(), { userId, amount: ((i + n) % 4) + 1, kind: 'challenge', idempotencyKey: `levels:${userId}:${n}` }))));
    await Promise.all(ids.map((userId) => reverse(db(), { userId, awardKey: `levels:${userId}:2`, idempotencyKey: `levels:${userId}:back` })));
    // A level is the sum of its shards (migration 041).
    const levels = await db().selectFrom('leaderboard_levels').select((eb) => ['board', 'points', eb.fn.sum<number>('supporters').as('supporters')])
      .where('organization_id', '=', organizationId).groupBy(['board', 'points']).having((eb) => eb.fn.sum('supporters'), '<>', 0)
      .orderBy('board').orderBy('points').execute();
    const counted = await db().selectFrom('leaderboard_totals').select((eb) => ['board', 'points', eb.fn.countAll<number>().as('supporters')])
      .where('organization_id', '=', organizationId).where('points', '>', 0).groupBy(['board', 'points']).orderBy('board').orderBy('points').execute();
    const shape = (rows: Array<{ board: string; points: number | string; supporters: number | string | bigint }>) => rows.map((r) => `${r.board} ${Number(r.points)} ${Number(r.supporters)}`);
    expect(shape(levels)).toEqual(shape(counted));
  });
});
