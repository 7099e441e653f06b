import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newSupporter } from '../testing/sweepstakes.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { REPORT_NAMES } from './report.names.ts';
import { buildReportClub, RANGE, type ReportClub } from './report.fixture.ts';

// The club's numbers on a small known club (./report.fixture.ts): each report's figures with the staff left
// out and New York's day boundaries, who may read them, and the CSV holding what the JSON holds.

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
    expect(await rowsOf('active-weekly')).toEqual([{ period: '2021-03-01', supporters: 2 }, { period: '2021-03-08', supporters: 1 }]);
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
      { cohort: '2021-03-01', size: 2, weeksAfter: 1, active: 1, rate: 0.5 },
      { cohort: '2021-03-08', size: 0, weeksAfter: 0, active: 0, rate: null },
    ]);
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
