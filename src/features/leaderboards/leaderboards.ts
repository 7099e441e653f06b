// What the leaderboard pages share, safe for the browser.
import type { LeaderboardPeriod } from './leaderboards.api.ts';

export const LEADERBOARD_PERIODS: readonly LeaderboardPeriod[] = ['week', 'month', 'season'];

/** Each period's name, as the page's title says it. */
export const PERIOD_LABELS = {
  week: 'leaderboards.period.week',
  month: 'leaderboards.period.month',
  season: 'leaderboards.period.season',
} as const satisfies Record<LeaderboardPeriod, string>;

/** Each period's tab: one short word, so three fit a 320 px phone on one line. */
export const PERIOD_TABS = {
  week: 'leaderboards.tab.week',
  month: 'leaderboards.tab.month',
  season: 'leaderboards.tab.season',
} as const satisfies Record<LeaderboardPeriod, string>;

export const isLeaderboardPeriod = (value: string): value is LeaderboardPeriod => (LEADERBOARD_PERIODS as readonly string[]).includes(value);

/** The page of a period: the week's is /leaderboards itself. */
export const leaderboardHref = (period: LeaderboardPeriod): string => (period === 'week' ? '/leaderboards' : `/leaderboards/${period}`);

/** Where the name form sends the supporter back to after a post without JavaScript: only our own pages. */
export function nameFormReturn(value: unknown): string {
  const path = typeof value === 'string' ? value : '';
  return path === '/profile' || path === '/leaderboards' || /^\/leaderboards\/(month|season)$/.test(path) ? path : '/leaderboards';
}

/** The anchor of the name form on each page. */
export const NAME_FORM_ANCHOR = 'leaderboard-name';
