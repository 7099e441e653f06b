import type { Db } from '../db/connection.ts';
import { countDayActivity, sumDayPoints } from '../ledger/ledger.figures.repository.ts';
import { countDaySignups } from './report.repository.ts';
import { frameOf, hourSlot, hoursIn, type DayFrame, type Period } from './report.periods.ts';
import type { ReportScope } from './report.scope.ts';
import { listDayRows, listHourRows, type DayRow, type FigureRow } from './rollup.repository.ts';

// A local day's figures: kept by the job (./rollup.job.ts) once the day is closed, and hour by hour while it
// runs; what no hour holds yet (the last hour and ten minutes, at most) is counted at request time. A report
// adds slots up, and each figure is defined so that adding is right: `week-new` counts a supporter in the first
// slot of the week they were active in, so a week's active supporters are the sum of its slots' `week-new`.

/** Each group is one statement over one slot of a day; its figures, and what each row's key holds. */
const GROUPS = {
  /** active, week-new, month-new: supporters new to the slot's day, week, month (key ''); cohort (key: the week they joined; value: week-new). */
  activity: async (db: Db, scope: ReportScope, frame: DayFrame): Promise<FigureRow[]> => {
    const rows = await countDayActivity(db, scope.audience, frame);
    const total = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((sum, r) => sum + pick(r), 0);
    if (!rows.length) return [];
    return [
      { figure: 'active', key: '', value: total((r) => r.dayNew) },
      { figure: 'week-new', key: '', value: total((r) => r.weekNew) },
      { figure: 'month-new', key: '', value: total((r) => r.monthNew) },
      ...rows.filter((r) => r.cohort !== null && r.weekNew > 0).map((r) => ({ figure: 'cohort', key: r.cohort!, value: r.weekNew })),
    ];
  },
  /** issued, spent, entries (key: the ledger kind). */
  points: async (db: Db, scope: ReportScope, frame: DayFrame): Promise<FigureRow[]> =>
    (await sumDayPoints(db, scope.audience, frame)).flatMap((r) => [
      { figure: 'issued', key: r.kind, value: r.issued }, { figure: 'spent', key: r.kind, value: r.spent }, { figure: 'entries', key: r.kind, value: r.entries },
    ]),
  /** signups (key ''). */
  signups: async (db: Db, scope: ReportScope, frame: DayFrame): Promise<FigureRow[]> => {
    const value = await countDaySignups(db, scope.audience, frame.slot);
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

/** Every figure of one day, or of a slot of it (`slot`), counted now. */
export async function countDay(db: Db, scope: ReportScope, day: string, groups: readonly DayGroup[] = DAY_GROUPS, slot?: (day: Period) => { start: string; end: string }): Promise<FigureRow[]> {
  const frame = frameOf(day, scope.timeZone, slot);
  return (await Promise.all(groups.map((group) => GROUPS[group](db, scope, frame)))).flat();
}

/**
 * A day not closed yet: its kept hours, from midnight on, and the rest of the day counted now. (The hours the
 * job kept are read only from midnight without a gap, so the rest is one slot.)
 */
async function readOpenDay(db: Db, scope: ReportScope, groups: readonly DayGroup[], day: string, hours: Awaited<ReturnType<typeof listHourRows>>): Promise<DayRow[]> {
  const kept = new Set(hours.filter((h) => h.figure === 'rolled').map((h) => h.hour));
  let next = 0;
  while (kept.has(next)) next += 1;
  const figures = new Set(groups.flatMap((g) => FIGURES[g]));
  const fromHours = hours.filter((h) => h.hour < next && figures.has(h.figure)).map(({ figure, key, value }) => ({ day, figure, key, value }));
  const inDay = hoursIn(frameOf(day, scope.timeZone).day);
  const rest = next >= inDay ? [] : await countDay(db, scope, day, groups, next ? (period) => hourSlot(period, next) : undefined);
  return [...fromHours, ...rest.map((row) => ({ ...row, day }))];
}

/**
 * The figures of `groups` for `days`, one row per day, figure and key: kept ones for the days the job closed,
 * kept hours and a count now for the others up to the club's today. Days before anyone joined and after today
 * have none.
 */
export async function readDays(db: Db, scope: ReportScope, groups: readonly DayGroup[], days: readonly string[]): Promise<DayRow[]> {
  const counted = days.filter((day) => scope.firstDay !== null && day >= scope.firstDay && day <= scope.today);
  if (!counted.length) return [];
  const kept = await listDayRows(db, scope, groups.flatMap((g) => FIGURES[g]), counted[0]!, counted.at(-1)!);
  const rolled = new Set(kept.filter((r) => r.figure === 'rolled').map((r) => r.day));
  const open = counted.filter((day) => !rolled.has(day));
  const hours = await listHourRows(db, scope, open);
  const live = await Promise.all(open.map((day) => readOpenDay(db, scope, groups, day, hours.filter((h) => h.day === day))));
  const sums = new Map<string, DayRow>();
  for (const row of [...kept.filter((r) => r.figure !== 'rolled'), ...live.flat()]) {
    const id = `${row.day}|${row.figure}|${row.key}`;
    const sum = sums.get(id);
    if (sum) sum.value += row.value;
    else sums.set(id, { ...row });
  }
  return [...sums.values()];
}

/** The sum of one figure's rows, per key, over the rows given. */
export function sumOf(rows: readonly DayRow[], figure: string, days?: readonly string[]): Map<string, number> {
  const within = days ? new Set(days) : null;
  const sums = new Map<string, number>();
  for (const row of rows) if (row.figure === figure && (!within || within.has(row.day))) sums.set(row.key, (sums.get(row.key) ?? 0) + row.value);
  return sums;
}
