import { addDays, periodStart } from '../reports/report.periods.ts';
import { dateInTimeZone } from '../users/age.ts';

// The boards a moment counts on, by the organization's local day (src/server/reports/report.periods.ts cuts
// days the same way): a week starts on Monday, a month on the 1st, a season on the club's
// `leaderboardSeasonStart` (MM-DD, 1 July unless set) of this year or the last.

export const PERIODS = ['week', 'month', 'season'] as const;
export type LeaderboardPeriod = (typeof PERIODS)[number];

export interface Board {
  period: LeaderboardPeriod;
  /** The stored key, e.g. `week:2026-11-23`. */
  key: string;
  /** The local day the period starts on, and the day after its last (YYYY-MM-DD). */
  startsOn: string;
  endsBefore: string;
}

function nextMonth(first: string): string {
  const date = new Date(`${first}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}

/** The season's first day on or before `day`: a season start of 29 February is 1 March in other years. */
function seasonStartOn(day: string, seasonStart: string): string {
  const on = (year: number) => dayOf(year, seasonStart);
  const year = Number(day.slice(0, 4));
  const thisYear = on(year);
  return thisYear <= day ? thisYear : on(year - 1);
}

function dayOf(year: number, monthDay: string): string {
  const [month = 7, date = 1] = monthDay.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10);
}

export function boardOf(period: LeaderboardPeriod, day: string, seasonStart: string): Board {
  if (period === 'week') {
    const startsOn = periodStart(day, 'week');
    return { period, key: `week:${startsOn}`, startsOn, endsBefore: addDays(startsOn, 7) };
  }
  if (period === 'month') {
    const startsOn = periodStart(day, 'month');
    return { period, key: `month:${startsOn}`, startsOn, endsBefore: nextMonth(startsOn) };
  }
  const startsOn = seasonStartOn(day, seasonStart);
  const endsBefore = dayOf(Number(startsOn.slice(0, 4)) + 1, seasonStart);
  return { period, key: `season:${startsOn}`, startsOn, endsBefore };
}

/** The week's, the month's and the season's boards of the moment `at`, in `timeZone`. */
export function boardsAt(at: Date, timeZone: string, seasonStart: string): [week: Board, month: Board, season: Board] {
  const day = dateInTimeZone(at, timeZone);
  return [boardOf('week', day, seasonStart), boardOf('month', day, seasonStart), boardOf('season', day, seasonStart)];
}
