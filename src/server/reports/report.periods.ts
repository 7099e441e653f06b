// A report's days are the organization's local days: each period is the UTC instants [start, end) between
// two local midnights, worked out here through Intl so SQLite and PostgreSQL compare plain ISO text alike
// (a change of clocks makes a day 23 or 25 hours long; the boundaries follow it).

export type Grain = 'day' | 'week' | 'month';

export interface Period {
  /** The local day the period starts on (YYYY-MM-DD); a week starts on a Monday, a month on the 1st. */
  label: string;
  /** ISO 8601 UTC, inclusive. */
  start: string;
  /** ISO 8601 UTC, exclusive. */
  end: string;
}

function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(instant)).filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts['year']!, parts['month']! - 1, parts['day']!, parts['hour']!, parts['minute']!, parts['second']!) - Math.floor(instant / 1000) * 1000;
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

function periodStart(day: string, grain: Grain): string {
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
 * The periods covering `from`..`to` (local days, inclusive), labelled by the start of their week or month;
 * the first and last are cut to the range, so a figure never counts a day outside what was asked.
 */
export function periodsOf(from: string, to: string, grain: Grain, timeZone: string): Period[] {
  const periods: Period[] = [];
  const stop = addDays(to, 1);
  for (let start = periodStart(from, grain); start < stop; start = nextStart(start, grain)) {
    const end = nextStart(start, grain);
    const first = start < from ? from : start;
    const last = end > stop ? stop : end;
    periods.push({ label: start, start: midnightOf(first, timeZone), end: midnightOf(last, timeZone) });
  }
  return periods;
}
