import type { Db } from '../db/connection.ts';
import { countDayActivity, sumDayPoints } from '../ledger/ledger.figures.repository.ts';
import { countDaySignups } from './report.repository.ts';
import { frameOf } from './report.periods.ts';
import type { ReportScope } from './report.scope.ts';
import { listDayRows, type DayRow, type FigureRow } from './rollup.repository.ts';

// A local day's figures: counted from the ledger and the sign-ups while the day runs, and once it is closed,
// kept by the job (./rollup.job.ts) and read from there. A report adds days up; each figure is defined so that
// adding is right: `week-new` counts a supporter on the first day of the week they were active, so a week's
// active supporters are the sum of its days' `week-new`.

/** Each group is one or two statements over one day; its figures, and what each row's key holds. */
const GROUPS = {
  /** active, week-new, month-new (key ''); cohort (key: the week the supporters joined; value: week-new). */
  activity: async (db: Db, scope: ReportScope, day: string): Promise<FigureRow[]> => {
    const rows = await countDayActivity(db, scope.audience, frameOf(day, scope.timeZone));
    const total = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((sum, r) => sum + pick(r), 0);
    if (!rows.length) return [];
    return [
      { figure: 'active', key: '', value: total((r) => r.active) },
      { figure: 'week-new', key: '', value: total((r) => r.weekNew) },
      { figure: 'month-new', key: '', value: total((r) => r.monthNew) },
      ...rows.filter((r) => r.cohort !== null && r.weekNew > 0).map((r) => ({ figure: 'cohort', key: r.cohort!, value: r.weekNew })),
    ];
  },
  /** issued, spent, entries (key: the ledger kind). */
  points: async (db: Db, scope: ReportScope, day: string): Promise<FigureRow[]> =>
    (await sumDayPoints(db, scope.audience, frameOf(day, scope.timeZone))).flatMap((r) => [
      { figure: 'issued', key: r.kind, value: r.issued }, { figure: 'spent', key: r.kind, value: r.spent }, { figure: 'entries', key: r.kind, value: r.entries },
    ]),
  /** signups (key ''). */
  signups: async (db: Db, scope: ReportScope, day: string): Promise<FigureRow[]> => {
    const value = await countDaySignups(db, scope.audience, frameOf(day, scope.timeZone).day);
    return value ? [{ figure: 'signups', key: '', value }] : [];
  },
} as const;

export type DayGroup = keyof typeof GROUPS;
export const DAY_GROUPS = Object.keys(GROUPS) as DayGroup[];
const FIGURES: Record<DayGroup, readonly string[]> = {
  activity: ['active', 'week-new', 'month-new', 'cohort'],
  points: ['issued', 'spent', 'entries'],
  signups: ['signups'],
};

/** Every figure of one day, counted now (the job keeps a closed day's). */
export async function countDay(db: Db, scope: ReportScope, day: string, groups: readonly DayGroup[] = DAY_GROUPS): Promise<FigureRow[]> {
  return (await Promise.all(groups.map((group) => GROUPS[group](db, scope, day)))).flat();
}

/**
 * The figures of `groups` for `days` (in order): kept ones for the days the job closed, counted now for the
 * others up to the club's today (today itself, or days the job has not reached). Days before anyone joined
 * and after today have none.
 */
export async function readDays(db: Db, scope: ReportScope, groups: readonly DayGroup[], days: readonly string[]): Promise<DayRow[]> {
  const counted = days.filter((day) => scope.firstDay !== null && day >= scope.firstDay && day <= scope.today);
  if (!counted.length) return [];
  const kept = await listDayRows(db, scope, groups.flatMap((g) => FIGURES[g]), counted[0]!, counted.at(-1)!);
  const rolled = new Set(kept.filter((r) => r.figure === 'rolled').map((r) => r.day));
  const live = await Promise.all(counted.filter((day) => !rolled.has(day))
    .map(async (day) => (await countDay(db, scope, day, groups)).map((row) => ({ ...row, day }))));
  return [...kept.filter((r) => r.figure !== 'rolled' && rolled.has(r.day)), ...live.flat()];
}

/** The sum of one figure's rows, per key, over the rows given. */
export function sumOf(rows: readonly DayRow[], figure: string, days?: readonly string[]): Map<string, number> {
  const within = days ? new Set(days) : null;
  const sums = new Map<string, number>();
  for (const row of rows) if (row.figure === figure && (!within || within.has(row.day))) sums.set(row.key, (sums.get(row.key) ?? 0) + row.value);
  return sums;
}
