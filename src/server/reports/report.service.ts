import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';
import { readTimeZone } from '../organization/time-zone.ts';
import { parseOptions } from '../challenges/challenge.content.ts';
import { dateInTimeZone } from '../users/age.ts';
import { addDays, midnightOf, periodsOf, type Grain } from './report.periods.ts';
import * as q from './report.repository.ts';
import { countActive, countCohortActivity, sumPointsByKind } from '../ledger/ledger.figures.repository.ts';
import type { Audience } from './report.audience.repository.ts';
import { REPORT_COLUMNS, type ReportName } from './report.names.ts';

// The club's numbers (issue 25, point 7): each report answers rows, the figures its chart and table show
// and its CSV holds. The staff are left out of every figure (report.repository.ts, supporterOf).

export type Cell = string | number | null;
export type ReportRow = Record<string, Cell>;

export interface Report {
  name: ReportName;
  from: string;
  to: string;
  timeZone: string;
  columns: readonly string[];
  rows: ReportRow[];
}

/** The longest range one report reads: a year and a day (a leap year). */
const MAX_DAYS = 366;
/** Without a range, the last 30 days up to today (the organization's). */
const DEFAULT_DAYS = 30;

interface Context { db: Db; audience: Audience; from: string; to: string; timeZone: string }

const rate = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

function active(grain: Grain) {
  return async ({ db, audience, from, to, timeZone }: Context) => {
    const periods = periodsOf(from, to, grain, timeZone);
    const counts = await countActive(db, audience, periods);
    return periods.map((p) => ({ period: p.label, supporters: counts.get(p.label) ?? 0 }));
  };
}

const RUN: Record<ReportName, (c: Context) => Promise<ReportRow[]>> = {
  'active-daily': active('day'),
  'active-weekly': active('week'),
  'active-monthly': active('month'),
  async signups({ db, audience, from, to, timeZone }) {
    const days = periodsOf(from, to, 'day', timeZone);
    const counts = await q.countSignups(db, audience, days);
    return days.map((d) => ({ day: d.label, signups: counts.get(d.label) ?? 0 }));
  },
  async points({ db, audience, from, to, timeZone }) {
    const rows = await sumPointsByKind(db, audience, periodsOf(from, to, 'day', timeZone));
    return rows.map((r) => ({ day: r.label, kind: r.kind, issued: r.issued, spent: r.spent }));
  },
  async outstanding({ db, audience, timeZone }) {
    const { holders, points } = await q.sumOutstanding(db, audience);
    return [{ day: dateInTimeZone(new Date(), timeZone), holders, points }];
  },
  async checkins({ db, audience, from, to, timeZone }) {
    const days = periodsOf(from, to, 'day', timeZone);
    const counts = new Map((await sumPointsByKind(db, audience, days, 'checkin')).map((r) => [r.label, r.entries]));
    return days.map((d) => ({ day: d.label, checkins: counts.get(d.label) ?? 0 }));
  },
  async challenges({ db, audience, from, to, timeZone }) {
    const shown = await q.listChallengesShown(db, audience.organizationId, midnightOf(from, timeZone), midnightOf(addDays(to, 1), timeZone));
    const ids = shown.map((c) => c.id);
    const [participants, right] = await Promise.all([q.countParticipants(db, audience, ids), q.countRightAnswers(db, audience, ids)]);
    return shown.map((c) => {
      const answers = right.get(c.id);
      return { challenge: c.id, title: c.title, kind: c.subtype, participants: participants.get(c.id) ?? 0, rightRate: answers ? rate(answers.right, answers.answers) : null };
    });
  },
  async polls({ db, audience, from, to, timeZone }) {
    const shown = (await q.listChallengesShown(db, audience.organizationId, midnightOf(from, timeZone), midnightOf(addDays(to, 1), timeZone)))
      .filter((c) => c.subtype === 'poll' || c.subtype === 'pickem');
    const ids = shown.map((c) => c.id);
    const [votes, outcomes] = await Promise.all([q.countVotes(db, audience, ids), q.listOutcomesOf(db, ids)]);
    return shown.flatMap((c) => {
      const counts = new Map(votes.filter((v) => v.challengeId === c.id).map((v) => [v.option, v.votes]));
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      return parseOptions(c).map((option, i) => ({
        challenge: c.id, title: c.title, kind: c.subtype, option: option.label, votes: counts.get(i) ?? 0,
        share: rate(counts.get(i) ?? 0, total), outcome: c.subtype === 'pickem' ? (outcomes.has(c.id) ? (outcomes.get(c.id) === i ? 1 : 0) : null) : null,
      }));
    });
  },
  async sweepstakes({ db, audience, from, to, timeZone }) {
    const rows = await q.countSweepstakeEntries(db, audience, midnightOf(from, timeZone), midnightOf(addDays(to, 1), timeZone));
    return rows.map((r) => ({ sweepstake: r.id, title: r.title, entries: r.tickets, entrants: r.entrants }));
  },
  async retention({ db, audience, from, to, timeZone }) {
    const weeks = periodsOf(from, to, 'week', timeZone);
    const [sizes, counts] = await Promise.all([q.countSignups(db, audience, weeks), countCohortActivity(db, audience, weeks)]);
    return weeks.flatMap((cohort, i) => {
      const size = sizes.get(cohort.label) ?? 0;
      return weeks.slice(i).map((week, after) => {
        const active = counts.get(`${cohort.label}|${week.label}`) ?? 0;
        return { cohort: cohort.label, size, weeksAfter: after, active, rate: rate(active, size) };
      });
    });
  },
};

/** The range asked, or the default one; refused (422) when it is backwards or longer than MAX_DAYS. */
function rangeOf(from: string | undefined, to: string | undefined, today: string): { from: string; to: string } {
  const last = to ?? (from && addDays(from, DEFAULT_DAYS - 1) < today ? addDays(from, DEFAULT_DAYS - 1) : today);
  const first = from ?? addDays(last, -(DEFAULT_DAYS - 1));
  const real = (day: string) => new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
  if (!real(first)) throw new ApiError('validation_failed', 'api.reports.date', { from: 'api.reports.date' });
  if (!real(last)) throw new ApiError('validation_failed', 'api.reports.date', { to: 'api.reports.date' });
  if (first > last) throw new ApiError('validation_failed', 'api.reports.backwards', { to: 'api.reports.backwards' });
  if (addDays(first, MAX_DAYS - 1) < last) throw new ApiError('validation_failed', 'api.reports.tooLong', { to: 'api.reports.tooLong' });
  return { from: first, to: last };
}

export async function runReport(db: Db, organizationId: string, name: ReportName, range: { from?: string | undefined; to?: string | undefined }): Promise<Report> {
  const { organization, settings } = await loadOrganizationSettings(db, organizationId);
  const timeZone = readTimeZone(organization.time_zone, organizationId);
  const { from, to } = rangeOf(range.from, range.to, dateInTimeZone(new Date(), timeZone));
  const audience = { organizationId, internalDomains: settings.internalDomains };
  const rows = await RUN[name]({ db, audience, from, to, timeZone });
  return { name, from, to, timeZone, columns: REPORT_COLUMNS[name], rows };
}
