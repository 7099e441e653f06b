// A report's days are the organization's local days: each period is the UTC instants [start, end) between
// two local midnights, worked out here through Intl so SQLite and PostgreSQL compare plain ISO text alike
// (a change of clocks makes a day 23 or 25 hours long; the boundaries follow it).

import { offsetAt } from '../organization/time-zone.ts';

export type Grain = 'day' | 'week' | 'month';

export interface Period {
  /** The local day the period starts on (YYYY-MM-DD); a week starts on a Monday, a month on the 1st. */
  label: string;
  /** ISO 8601 UTC, inclusive. */
  start: string;
  /** ISO 8601 UTC, exclusive. */
  end: string;
  /** Its local days, in order. */
  days: string[];
}

/** The UTC instant of a local day's midnight in `timeZone`. */
export function midnightOf(day: string, timeZone: string): string {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

export function addDays(day: string, by: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}

/** The first day of the week (Monday) or month `day` falls in. */
export function periodStart(day: string, grain: Grain): string {
  if (grain === 'day') return day;
  if (grain === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

function nextStart(start: string, grain: Grain): string {
  if (grain === 'day') return addDays(start, 1);
  if (grain === 'week') return addDays(start, 7);
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The whole days, weeks or months `from`..`to` (local days, inclusive) falls in, each labelled by its first day.
 * Weeks and months are never cut to the range: a week's count is the week's, whichever of its days was asked,
 * so it is the sum of its days' figures (./report.days.ts).
 */
export function periodsOf(from: string, to: string, grain: Grain, timeZone: string): Period[] {
  const periods: Period[] = [];
  for (let start = periodStart(from, grain); start <= to; start = nextStart(start, grain)) periods.push(periodOf(start, nextStart(start, grain), timeZone));
  return periods;
}

/** The period of local days [first, next). */
function periodOf(first: string, next: string, timeZone: string): Period {
  const days: string[] = [];
  for (let day = first; day < next; day = addDays(day, 1)) days.push(day);
  return { label: first, start: midnightOf(first, timeZone), end: midnightOf(next, timeZone), days };
}

/** One local day as a period. */
export const dayPeriod = (day: string, timeZone: string): Period => periodOf(day, addDays(day, 1), timeZone);

/**
 * What the figures of a slot of a day (the whole day, or one of its hours) are counted against: the slot, the
 * starts of its day, week and month (a supporter active earlier in one is not new to it), and the weeks a
 * supporter may have joined in that a retention report of at most 366 days can ask about.
 */
export interface DayFrame { day: Period; slot: { start: string; end: string }; dayStart: string; weekStart: string; monthStart: string; cohorts: Period[] }

/** Weeks before a day's own that its cohorts reach back: a report's range is at most 366 days. */
const COHORT_WEEKS = 54;
const HOUR = 3_600_000;

/** The hours of a local day: 24, or 23 or 25 the day the clocks change. */
export const hoursIn = (day: Period): number => Math.ceil((Date.parse(day.end) - Date.parse(day.start)) / HOUR);

/** The slot `[from, to)` of `day`, counted in hours from its midnight (to: the end of the day when left out). */
export function hourSlot(day: Period, from: number, to?: number): { start: string; end: string } {
  const at = (hours: number) => new Date(Math.min(Date.parse(day.start) + hours * HOUR, Date.parse(day.end))).toISOString();
  return { start: at(from), end: to === undefined ? day.end : at(to) };
}

export function frameOf(day: string, timeZone: string, slot?: (day: Period) => { start: string; end: string }): DayFrame {
  const week = periodStart(day, 'week');
  const period = dayPeriod(day, timeZone);
  return {
    day: period,
    slot: slot ? slot(period) : { start: period.start, end: period.end },
    dayStart: period.start,
    weekStart: midnightOf(week, timeZone),
    monthStart: midnightOf(periodStart(day, 'month'), timeZone),
    cohorts: periodsOf(addDays(week, -7 * COHORT_WEEKS), day, 'week', timeZone),
  };
}
