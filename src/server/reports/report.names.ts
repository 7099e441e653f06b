// The reports the console and the API know, and each one's columns (the JSON rows' keys, the CSV's header).
// A floor both halves read: the console names its pages and tables from here.
export const REPORT_COLUMNS = {
  'active-daily': ['period', 'supporters'],
  'active-weekly': ['period', 'supporters'],
  'active-monthly': ['period', 'supporters'],
  signups: ['day', 'signups'],
  points: ['day', 'kind', 'issued', 'spent'],
  outstanding: ['day', 'holders', 'points'],
  checkins: ['day', 'checkins'],
  challenges: ['challenge', 'title', 'kind', 'participants', 'rightRate'],
  polls: ['challenge', 'title', 'kind', 'option', 'votes', 'share', 'outcome'],
  sweepstakes: ['sweepstake', 'title', 'entries', 'entrants'],
  retention: ['cohort', 'size', 'weeksAfter', 'active', 'rate'],
} as const satisfies Record<string, readonly string[]>;

export type ReportName = keyof typeof REPORT_COLUMNS;
export const REPORT_NAMES = Object.keys(REPORT_COLUMNS) as ReportName[];
