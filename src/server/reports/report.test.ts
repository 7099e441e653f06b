import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newSupporter } from '../testing/sweepstakes.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { REPORT_NAMES } from './report.names.ts';
import { rollReports } from './rollup.job.ts';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { createApiKey } from '../operators/api-key.service.ts';
import { createSweepstake } from '../sweepstakes/sweepstake.service.ts';
import type { OperatorRole } from '../../shared/operator-roles.ts';

// The club's numbers on a small known club (buildReportClub, below): each report's figures with the staff left
// out and New York's day boundaries, who may read them, and the CSV holding what the JSON holds.

// A small club of its own for the reports' tests, in New York's time zone (UTC-5 in early March 2021), so
// a day boundary falls at 05:00 UTC. Two supporters, one operator and one address at an internal domain:
// the last two do what the supporters do and must count nowhere.

const RANGE = { from: '2021-03-01', to: '2021-03-08' };
const TIME_ZONE = 'America/New_York';

interface ReportClub { organizationId: string; key: (role: OperatorRole) => Promise<string> }

async function buildReportClub(db: Db): Promise<ReportClub> {
  const demo = await db.selectFrom('organizations').selectAll().where('public_key', '=', 'pk_demo_terrace').executeTakeFirstOrThrow();
  const organizationId = randomUUID();
  await db.insertInto('organizations').values({ ...demo, id: organizationId, public_key: `pk_reports_${organizationId.slice(0, 8)}`, token: `reports-${organizationId}`, time_zone: TIME_ZONE }).execute();
  await db.insertInto('organization_settings').values({ organization_id: organizationId, key: 'internalDomains', value: 'club.test' }).execute();

  const user = async (name: string, email: string, createdAt: string, points: number) => {
    const id = randomUUID();
    await db.insertInto('users').values({
      id, organization_id: organizationId, email, username: null, first_name: name, last_name: null, phone_number: null, zip_code: null,
      birthday: null, birthday_set_at: null, properties: '{}', avatar_url: null, points, lifetime_points: points, blocked_at: null,
      blocked_reason: null, membership_chosen_at: null, welcomed_at: null, created_at: createdAt, updated_at: createdAt,
    }).execute();
    return id;
  };
  const ana = await user('Ana', 'ana@fans.test', '2021-03-01T15:00:00.000Z', 30);
  const ben = await user('Ben', 'ben@fans.test', '2021-03-02T05:30:00.000Z', 20);
  const staff = await user('Sam', 'sam@fans.test', '2021-03-01T15:00:00.000Z', 10);
  const internal = await user('Ida', 'ida@club.test', '2021-03-02T15:00:00.000Z', 10);
  await db.insertInto('operators').values({ id: randomUUID(), organization_id: organizationId, email: 'sam@fans.test', role: 'support', invited_by: null, created_at: '2021-01-01T00:00:00.000Z', updated_at: '2021-01-01T00:00:00.000Z' }).execute();

  let balance = 0;
  const entry = (userId: string, amount: number, kind: string, at: string) => {
    balance += amount;
    return { id: randomUUID(), user_id: userId, amount, kind, reference: null, idempotency_key: randomUUID(), balance_after: balance, lifetime_after: balance, created_at: at };
  };
  await db.insertInto('ledger_entries').values([
    entry(ana, 10, 'checkin', '2021-03-02T04:59:00.000Z'), // 1 March in New York
    entry(ana, 50, 'challenge', '2021-03-02T05:00:00.000Z'), // 2 March
    entry(ana, -30, 'sweepstake_entry', '2021-03-03T12:00:00.000Z'),
    entry(ben, 10, 'checkin', '2021-03-02T06:00:00.000Z'),
    entry(ben, 10, 'checkin', '2021-03-08T15:00:00.000Z'), // the next week
    entry(staff, 10, 'checkin', '2021-03-01T15:00:00.000Z'),
    entry(internal, 10, 'checkin', '2021-03-02T15:00:00.000Z'),
    entry(ana, 99, 'challenge', '2021-03-09T05:00:00.000Z'), // 9 March: after the range
  ]).execute();

  const challenge = async (subtype: 'poll' | 'pickem', visibleFrom: string, votes: Array<[string, number]>) => {
    const id = randomUUID();
    await db.insertInto('challenges').values({
      id, organization_id: organizationId, type: 'poll', subtype, title: `${subtype} of the week`, description: '', hint: null, value: 5,
      media_id: null, visible_from: visibleFrom, expires_on: '2021-03-05T12:00:00.000Z',
      options: JSON.stringify([{ label: 'Home' }, { label: 'Away' }]), answer: null, questions: '[]', game: null, created_at: '2021-03-01T12:00:00.000Z',
    }).execute();
    await db.insertInto('challenge_responses').values(votes.map(([userId, index]) => ({
      id: randomUUID(), user_id: userId, challenge_id: id, response_index: index, response_text: null, created_at: '2021-03-02T12:00:00.000Z',
    }))).execute();
    return id;
  };
  await challenge('poll', '2021-03-01T12:00:00.000Z', [[ana, 0], [ben, 0], [staff, 1], [internal, 1]]);
  const pickem = await challenge('pickem', '2021-03-01T13:00:00.000Z', [[ana, 1], [ben, 0], [staff, 1]]);
  await db.insertInto('pickem_outcomes').values({ challenge_id: pickem, outcome: 1, set_at: '2021-03-06T12:00:00.000Z' }).execute();

  const sweepstake = await createSweepstake(db, {
    organizationId, slug: 'reports-draw', title: 'Signed shirt', description: 'A shirt.', prize: 'a shirt', prizeValue: 100, currency: 'GBP',
    sponsor: 'Sponsor', mediaId: null, costPerEntry: 30, maxEntriesPerSupporter: 5, winnerCount: 1,
    startsAt: '2021-03-02T12:00:00.000Z', endsAt: '2021-03-20T12:00:00.000Z',
  }, new Date('2021-03-01T12:00:00.000Z'));
  const ticket = (userId: string, tickets: number, refundedAt: string | null = null) => ({
    id: randomUUID(), sweepstake_id: sweepstake.id, user_id: userId, holder: randomUUID(), tickets, points_spent: tickets * 30,
    request_key: randomUUID(), ledger_key: null, refunded_at: refundedAt, created_at: '2021-03-03T12:00:00.000Z',
  });
  await db.insertInto('sweepstake_entries').values([ticket(ana, 2), ticket(ben, 1, '2021-03-04T00:00:00.000Z'), ticket(staff, 3)]).execute();

  const key = async (role: OperatorRole) => (await createApiKey(db, {
    actor: { type: 'cli', id: 'cli', label: 'npm run operator', role: 'owner', organizationId },
  }, { name: `reports ${role}`, role })).key;
  return { organizationId, key };
}

let t: TestApp;
let club: ReportClub;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  club = await buildReportClub(t.testDb.db);
  owner = await club.key('owner');
});
afterAll(() => t.close());

const range = new URLSearchParams(RANGE).toString();
async function rowsOf(name: string, token = owner) {
  const response = await api(t, `/admin/reports/${name}?${range}`, { token });
  expect(response.status).toBe(200);
  return (await response.json()).data.rows as Array<Record<string, unknown>>;
}
const nonZero = (rows: Array<Record<string, unknown>>, key: string) => rows.filter((r) => r[key] !== 0);

describe('the figures', () => {
  it('counts active supporters per day, week and month on the club’s days, staff left out', async () => {
    expect(nonZero(await rowsOf('active-daily'), 'supporters')).toEqual([
      { period: '2021-03-01', supporters: 1 }, { period: '2021-03-02', supporters: 2 }, { period: '2021-03-03', supporters: 1 }, { period: '2021-03-08', supporters: 1 },
    ]);
    expect((await rowsOf('active-daily')).length).toBe(8);
    // Weeks and months are whole: the week of 8 March holds Ana's 9 March too, though the range ends on the 8th.
    expect(await rowsOf('active-weekly')).toEqual([{ period: '2021-03-01', supporters: 2 }, { period: '2021-03-08', supporters: 2 }]);
    expect(await rowsOf('active-monthly')).toEqual([{ period: '2021-03-01', supporters: 2 }]);
  });

  it('counts sign-ups and check-ins per day', async () => {
    expect(nonZero(await rowsOf('signups'), 'signups')).toEqual([{ day: '2021-03-01', signups: 1 }, { day: '2021-03-02', signups: 1 }]);
    expect(nonZero(await rowsOf('checkins'), 'checkins')).toEqual([
      { day: '2021-03-01', checkins: 1 }, { day: '2021-03-02', checkins: 1 }, { day: '2021-03-08', checkins: 1 },
    ]);
  });

  it('sums points issued and spent per day and kind, and what the club owes', async () => {
    expect(await rowsOf('points')).toEqual([
      { day: '2021-03-01', kind: 'checkin', issued: 10, spent: 0 },
      { day: '2021-03-02', kind: 'challenge', issued: 50, spent: 0 },
      { day: '2021-03-02', kind: 'checkin', issued: 10, spent: 0 },
      { day: '2021-03-03', kind: 'sweepstake_entry', issued: 0, spent: 30 },
      { day: '2021-03-08', kind: 'checkin', issued: 10, spent: 0 },
    ]);
    const [outstanding] = await rowsOf('outstanding');
    expect(outstanding).toMatchObject({ holders: 2, points: 50 });
  });

  it('reads participation, right answers and votes per challenge', async () => {
    const challenges = await rowsOf('challenges');
    expect(challenges.map(({ kind, participants, rightRate }) => ({ kind, participants, rightRate }))).toEqual([
      { kind: 'poll', participants: 2, rightRate: null }, { kind: 'pickem', participants: 2, rightRate: 0.5 },
    ]);
    const polls = await rowsOf('polls');
    expect(polls.map(({ kind, option, votes, share, outcome }) => ({ kind, option, votes, share, outcome }))).toEqual([
      { kind: 'poll', option: 'Home', votes: 2, share: 1, outcome: null },
      { kind: 'poll', option: 'Away', votes: 0, share: 0, outcome: null },
      { kind: 'pickem', option: 'Home', votes: 1, share: 0.5, outcome: 0 },
      { kind: 'pickem', option: 'Away', votes: 1, share: 0.5, outcome: 1 },
    ]);
  });

  it('counts sweepstake tickets and distinct entrants, refunds and staff left out', async () => {
    expect((await rowsOf('sweepstakes')).map(({ title, entries, entrants }) => ({ title, entries, entrants }))).toEqual([{ title: 'Signed shirt', entries: 2, entrants: 1 }]);
  });

  it('follows each signup week’s supporters through the weeks after', async () => {
    expect(await rowsOf('retention')).toEqual([
      { cohort: '2021-03-01', size: 2, weeksAfter: 0, active: 2, rate: 1 },
      { cohort: '2021-03-01', size: 2, weeksAfter: 1, active: 2, rate: 1 },
      { cohort: '2021-03-08', size: 0, weeksAfter: 0, active: 0, rate: null },
    ]);
  });
});

describe('what the job keeps', () => {
  // A club of its own: these tests change who is staff.
  let kept: ReportClub;
  let token: string;
  beforeAll(async () => {
    kept = await buildReportClub(t.testDb.db);
    token = await kept.key('owner');
  });
  const answers = async () => Object.fromEntries(await Promise.all(REPORT_NAMES.map(async (name) => {
    const { data } = await (await api(t, `/admin/reports/${name}?${range}`, { token })).json();
    return [name, data.rows] as const;
  })));
  const roll = (at: string) => rollReports(t.testDb.db, { now: new Date(at), organizationId: kept.organizationId });
  const activeOn = async (day: string) => {
    const { data } = await (await api(t, `/admin/reports/active-daily?${range}`, { token })).json();
    return data.rows.find((r: { period: string }) => r.period === day).supporters as number;
  };

  it('closes a day ten minutes after its midnight, and answers every report alike from what it kept', async () => {
    const counted = await answers();
    // 9 March, 00:05 in New York: the 8th is not closed yet; at 00:10 it is, and the snapshots are not yet due again.
    // Snapshots: the three challenges and sweepstakes, and what the club owes.
    expect(await roll('2021-03-09T05:05:00.000Z')).toEqual({ days: 7, hours: 23, snapshots: 4 });
    expect(await roll('2021-03-09T05:10:00.000Z')).toEqual({ days: 1, hours: 0, snapshots: 0 });
    expect(await answers()).toEqual(counted);
  });

  it('keeps the closed hours of a day still running, and counts only the rest of it at request time', async () => {
    const other = await buildReportClub(t.testDb.db);
    const otherToken = await other.key('owner');
    const points = async () => (await (await api(t, `/admin/reports/points?${range}`, { token: otherToken })).json()).data.rows;
    const checkinsOn2March = async () => (await points()).find((r: { day: string; kind: string }) => r.day === '2021-03-02' && r.kind === 'checkin').issued;
    const counted = await points();
    // 2 March, 15:00 in New York: 1 March is closed, and the hours of 2 March up to 14:00.
    expect(await rollReports(t.testDb.db, { now: new Date('2021-03-02T20:00:00.000Z'), organizationId: other.organizationId })).toEqual({ days: 1, hours: 14, snapshots: 4 });
    expect(await points()).toEqual(counted);
    expect(await checkinsOn2March()).toBe(10);
    // Two check-ins of Ben's on 2 March, one in a kept hour (01:30), one after them (16:00): only the second is
    // counted now. (No award is ever written into the past; these show which source the report read.)
    const ben = await t.testDb.db.selectFrom('users').select('id').where('organization_id', '=', other.organizationId).where('first_name', '=', 'Ben').executeTakeFirstOrThrow();
    await t.testDb.db.insertInto('ledger_entries').values(['2021-03-02T06:30:00.000Z', '2021-03-02T21:00:00.000Z'].map((at) => ({
      id: randomUUID(), user_id: ben.id, amount: 10, kind: 'checkin', reference: null, idempotency_key: randomUUID(), balance_after: 0, lifetime_after: 0, created_at: at,
    }))).execute();
    expect(await checkinsOn2March()).toBe(20);
  });

  it('reads a closed day from what it kept, not from the ledger again', async () => {
    const before = await activeOn('2021-03-03');
    const late = await t.testDb.db.selectFrom('users').select('id').where('organization_id', '=', kept.organizationId).where('first_name', '=', 'Ben').executeTakeFirstOrThrow();
    // No award is ever written into a past day; this one shows which source the report read.
    await t.testDb.db.insertInto('ledger_entries').values({
      id: randomUUID(), user_id: late.id, amount: 10, kind: 'checkin', reference: null, idempotency_key: randomUUID(), balance_after: 0, lifetime_after: 0, created_at: '2021-03-03T15:00:00.000Z',
    }).execute();
    expect(await activeOn('2021-03-03')).toBe(before);
  });

  it('tells when a running sweepstake’s figures (and what the club owes) were taken; an ended challenge’s are final', async () => {
    const { data } = await (await api(t, `/admin/reports/sweepstakes?${range}`, { token })).json();
    expect(data.asOf).toBe('2021-03-09T05:05:00.000Z');
    expect((await (await api(t, `/admin/reports/polls?${range}`, { token })).json()).data.asOf).toBeNull();
    expect((await (await api(t, `/admin/reports/signups?${range}`, { token })).json()).data.asOf).toBeNull();
    // What the club owes is read as the job took it (counting it reads every supporter), and says when.
    expect((await (await api(t, `/admin/reports/outstanding?${range}`, { token })).json()).data).toMatchObject({ asOf: '2021-03-09T05:05:00.000Z', rows: [{ holders: 2, points: 50 }] });
  });

  it('counts a new operator out at once, and keeps the days again for the new staff list', async () => {
    expect(await activeOn('2021-03-02')).toBe(2);
    await t.testDb.db.insertInto('operators').values({ id: randomUUID(), organization_id: kept.organizationId, email: 'ben@fans.test', role: 'editor', invited_by: null, created_at: '2021-03-10T00:00:00.000Z', updated_at: '2021-03-10T00:00:00.000Z' }).execute();
    expect(await activeOn('2021-03-02')).toBe(1);
    const counted = await answers();
    expect((await roll('2021-03-12T12:00:00.000Z')).days).toBe(11);
    expect(await answers()).toEqual(counted);
    const audiences = await t.testDb.db.selectFrom('report_days').select('audience').distinct().where('organization_id', '=', kept.organizationId).execute();
    expect(audiences).toHaveLength(1);
  });
});

describe('the answer', () => {
  it('downloads every report as CSV holding the JSON’s rows', async () => {
    for (const name of REPORT_NAMES) {
      const json = (await (await api(t, `/admin/reports/${name}?${range}`, { token: owner })).json()).data;
      const response = await api(t, `/admin/reports/${name}?${range}&format=csv`, { token: owner });
      expect(response.headers.get('content-type')).toContain('text/csv');
      const lines = (await response.text()).trimEnd().split('\r\n');
      expect(lines[0]).toBe(json.columns.join(','));
      expect(lines.slice(1)).toEqual(json.rows.map((row: Record<string, unknown>) => json.columns.map((c: string) => row[c] ?? '').join(',')));
    }
  });

  it('lets owner, editor and support read; refuses a revoked key and no key (401) and a supporter (403)', async () => {
    for (const role of ['owner', 'editor', 'support'] as const) expect(await rowsOf('checkins', await club.key(role))).toHaveLength(8);
    const revoked = await club.key('support');
    await t.testDb.db.updateTable('api_keys').set({ revoked_at: new Date().toISOString() }).where('organization_id', '=', club.organizationId).where('name', '=', 'reports support').execute();
    expect((await api(t, `/admin/reports/checkins?${range}`, { token: revoked })).status).toBe(401);
    const supporter = await newSupporter(t);
    expect((await api(t, `/admin/reports/checkins?${range}`, { token: supporter.token })).status).toBe(403);
    expect((await api(t, `/admin/reports/checkins?${range}`)).status).toBe(401);
  });

  it('refuses an unknown report, a backwards or too long range and a malformed day (422)', async () => {
    for (const query of ['name:nothing', 'from=2021-03-08&to=2021-03-01', 'from=2020-01-01&to=2021-03-01', 'from=2021-02-30', 'to=yesterday']) {
      const response = await api(t, query.startsWith('name:') ? `/admin/reports/${query.slice(5)}` : `/admin/reports/checkins?${query}`, { token: owner });
      expect(response.status, query).toBe(422);
      expect((await response.json()).error.message).toBeTruthy();
    }
  });

  it('defaults to the last 30 days up to the club’s today', async () => {
    const report = (await (await api(t, '/admin/reports/signups', { token: owner })).json()).data;
    expect(report.rows).toHaveLength(30);
    expect(report.timeZone).toBe('America/New_York');
  });
});
