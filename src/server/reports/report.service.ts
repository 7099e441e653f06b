import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { parseOptions } from '../challenges/challenge.content.ts';
import { addDays, midnightOf, periodsOf, type Grain } from './report.periods.ts';
import * as q from './report.repository.ts';
import { readDays, sumOf } from './report.days.ts';
import { scopeOf, type ReportScope } from './report.scope.ts';
import { figuresOf, readOutstanding, readThings } from './report.things.ts';
import { REPORT_COLUMNS, type ReportName } from './report.names.ts';

// The club's numbers (issue 25, point 7): each report answers rows, the figures its chart and table show
// and its CSV holds. The staff are left out of every figure (report.audience.repository.ts, supporterOf). Days'
// figures come from ./report.days.ts, challenges' and sweepstakes' from ./report.things.ts: kept by the job
// where it has, counted now where not, the same numbers either way.

export type Cell = string | number | null;
export type ReportRow = Record<string, Cell>;

export interface Report {
  name: ReportName;
  from: string;
  to: string;
  timeZone: string;
  /** When the oldest figure of a running challenge or sweepstake (or what the club owes) was taken; null when every figure is now's. */
  asOf: string | null;
  columns: readonly string[];
  rows: ReportRow[];
}

/** The longest range one report reads: a year and a day (a leap year). */
const MAX_DAYS = 366;
/** Without a range, the last 30 days up to today (the organization's). */
const DEFAULT_DAYS = 30;

interface Context { db: Db; scope: ReportScope; from: string; to: string }
type Answer = ReportRow[] | { rows: ReportRow[]; asOf: string | null };

const rate = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
const dayList = (from: string, to: string, timeZone: string) => periodsOf(from, to, 'day', timeZone).map((p) => p.label);

const FIGURE_OF: Record<Grain, string> = { day: 'active', week: 'week-new', month: 'month-new' };
function active(grain: Grain) {
  return async ({ db, scope, from, to }: Context) => {
    const periods = periodsOf(from, to, grain, scope.timeZone);
    const rows = await readDays(db, scope, ['activity'], periods.flatMap((p) => p.days));
    return periods.map((p) => ({ period: p.label, supporters: sumOf(rows, FIGURE_OF[grain], p.days).get('') ?? 0 }));
  };
}

/** The challenges on show at some time in the range, oldest first. */
const challengesShown = ({ db, scope, from, to }: Context) =>
  q.listChallengesShown(db, scope.organizationId, midnightOf(from, scope.timeZone), midnightOf(addDays(to, 1), scope.timeZone));

const RUN: Record<ReportName, (c: Context) => Promise<Answer>> = {
  'active-daily': active('day'),
  'active-weekly': active('week'),
  'active-monthly': active('month'),
  async signups({ db, scope, from, to }) {
    const days = dayList(from, to, scope.timeZone);
    const rows = await readDays(db, scope, ['signups'], days);
    return days.map((day) => ({ day, signups: sumOf(rows, 'signups', [day]).get('') ?? 0 }));
  },
  async points({ db, scope, from, to }) {
    const rows = await readDays(db, scope, ['points'], dayList(from, to, scope.timeZone));
    const at = (figure: string, day: string, kind: string) => rows.find((r) => r.figure === figure && r.day === day && r.key === kind)?.value ?? 0;
    return rows.filter((r) => r.figure === 'entries' && r.value > 0)
      .sort((a, b) => a.day.localeCompare(b.day) || a.key.localeCompare(b.key))
      .map((r) => ({ day: r.day, kind: r.key, issued: at('issued', r.day, r.key), spent: at('spent', r.day, r.key) }));
  },
  async outstanding({ db, scope }) {
    const { holders, points, asOf } = await readOutstanding(db, scope);
    return { asOf, rows: [{ day: scope.today, holders, points }] };
  },
  async checkins({ db, scope, from, to }) {
    const days = dayList(from, to, scope.timeZone);
    const rows = await readDays(db, scope, ['points'], days);
    return days.map((day) => ({ day, checkins: rows.find((r) => r.figure === 'entries' && r.day === day && r.key === 'checkin')?.value ?? 0 }));
  },
  async challenges(context) {
    const { db, scope } = context;
    const shown = await challengesShown(context);
    const [{ rows, asOf }, outcomes] = await Promise.all([readThings(db, scope, 'challenge', shown.map((c) => c.id)), q.listOutcomesOf(db, shown.map((c) => c.id))]);
    return {
      asOf,
      rows: shown.map((c) => {
        const figure = figuresOf(rows, c.id);
        const votes = parseOptions(c).map((_, i) => figure('votes', String(i)));
        const outcome = outcomes.get(c.id);
        // A quiz's right answers are its questions'; a pick'em's, its picks of the outcome once it is set.
        const rightRate = c.subtype === 'pickem'
          ? (outcome === undefined ? null : rate(votes[outcome] ?? 0, votes.reduce((a, b) => a + b, 0)))
          : rate(figure('quiz-right'), figure('quiz-answers'));
        return { challenge: c.id, title: c.title, kind: c.subtype, participants: figure('participants'), rightRate };
      }),
    };
  },
  async polls(context) {
    const { db, scope } = context;
    const shown = (await challengesShown(context)).filter((c) => c.subtype === 'poll' || c.subtype === 'pickem');
    const [{ rows, asOf }, outcomes] = await Promise.all([readThings(db, scope, 'challenge', shown.map((c) => c.id)), q.listOutcomesOf(db, shown.map((c) => c.id))]);
    return {
      asOf,
      rows: shown.flatMap((c) => {
        const figure = figuresOf(rows, c.id);
        const options = parseOptions(c);
        const votes = options.map((_, i) => figure('votes', String(i)));
        const total = votes.reduce((a, b) => a + b, 0);
        return options.map((option, i) => ({
          challenge: c.id, title: c.title, kind: c.subtype, option: option.label, votes: votes[i]!,
          share: rate(votes[i]!, total), outcome: c.subtype === 'pickem' && outcomes.has(c.id) ? (outcomes.get(c.id) === i ? 1 : 0) : null,
        }));
      }),
    };
  },
  async sweepstakes({ db, scope, from, to }) {
    const shown = await q.listSweepstakesShown(db, scope.organizationId, midnightOf(from, scope.timeZone), midnightOf(addDays(to, 1), scope.timeZone));
    const { rows, asOf } = await readThings(db, scope, 'sweepstake', shown.map((s) => s.id));
    return {
      asOf,
      rows: shown.map((s) => {
        // Cancelling refunds every entry: none counts, whenever the figures were taken.
        const figure = s.cancelled_at ? () => 0 : figuresOf(rows, s.id);
        return { sweepstake: s.id, title: s.title, entries: figure('tickets'), entrants: figure('entrants') };
      }),
    };
  },
  async retention({ db, scope, from, to }) {
    const weeks = periodsOf(from, to, 'week', scope.timeZone);
    const rows = await readDays(db, scope, ['activity', 'signups'], weeks.flatMap((w) => w.days));
    return weeks.flatMap((cohort, i) => {
      const size = sumOf(rows, 'signups', cohort.days).get('') ?? 0;
      return weeks.slice(i).map((week, after) => {
        const active = sumOf(rows, 'cohort', week.days).get(cohort.label) ?? 0;
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
  const scope = await scopeOf(db, organizationId);
  const { from, to } = rangeOf(range.from, range.to, scope.today);
  const answer = await RUN[name]({ db, scope, from, to });
  const { rows, asOf } = Array.isArray(answer) ? { rows: answer, asOf: null } : answer;
  return { name, from, to, timeZone: scope.timeZone, asOf, columns: REPORT_COLUMNS[name], rows };
}
