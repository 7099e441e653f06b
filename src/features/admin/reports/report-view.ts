import { formatNumber } from '~/components/ui/format-number.ts';
import { formatDay } from '~/shared/i18n/format.ts';
import type { MessageKey, Translate } from '~/shared/i18n/translate.ts';
import { kindKey } from '~/features/history/history.ts';
import type { ReportName, ReportRow } from './reports.api.ts';

// What the console says of each report: its title and note (written out: the i18n test finds every key used
// in code as a literal), each column's heading, and a cell as a person reads it. The figures come as they are.

interface ReportWords { title: MessageKey; about: MessageKey }

export const REPORTS: Readonly<Record<ReportName, ReportWords>> = {
  'active-daily': { title: 'adminReports.report.active-daily', about: 'adminReports.about.active-daily' },
  'active-weekly': { title: 'adminReports.report.active-weekly', about: 'adminReports.about.active-weekly' },
  'active-monthly': { title: 'adminReports.report.active-monthly', about: 'adminReports.about.active-monthly' },
  signups: { title: 'adminReports.report.signups', about: 'adminReports.about.signups' },
  checkins: { title: 'adminReports.report.checkins', about: 'adminReports.about.checkins' },
  points: { title: 'adminReports.report.points', about: 'adminReports.about.points' },
  outstanding: { title: 'adminReports.report.outstanding', about: 'adminReports.about.outstanding' },
  challenges: { title: 'adminReports.report.challenges', about: 'adminReports.about.challenges' },
  polls: { title: 'adminReports.report.polls', about: 'adminReports.about.polls' },
  sweepstakes: { title: 'adminReports.report.sweepstakes', about: 'adminReports.about.sweepstakes' },
  retention: { title: 'adminReports.report.retention', about: 'adminReports.about.retention' },
};

/** The reports in the order the page shows them. */
export const REPORT_ORDER = Object.keys(REPORTS) as ReportName[];

export function isReportName(name: string | undefined): name is ReportName {
  return name !== undefined && Object.hasOwn(REPORTS, name);
}

const COLUMNS: Readonly<Record<string, MessageKey>> = {
  period: 'adminReports.column.period', day: 'adminReports.column.day', supporters: 'adminReports.column.supporters',
  signups: 'adminReports.column.signups', kind: 'adminReports.column.kind', issued: 'adminReports.column.issued',
  spent: 'adminReports.column.spent', holders: 'adminReports.column.holders', points: 'adminReports.column.points',
  checkins: 'adminReports.column.checkins', challenge: 'adminReports.column.challenge', title: 'adminReports.column.title',
  participants: 'adminReports.column.participants', rightRate: 'adminReports.column.rightRate', option: 'adminReports.column.option',
  votes: 'adminReports.column.votes', share: 'adminReports.column.share', outcome: 'adminReports.column.outcome',
  sweepstake: 'adminReports.column.sweepstake', entries: 'adminReports.column.entries', entrants: 'adminReports.column.entrants',
  cohort: 'adminReports.column.cohort', size: 'adminReports.column.size', weeksAfter: 'adminReports.column.weeksAfter',
  active: 'adminReports.column.active', rate: 'adminReports.column.rate',
};

/** The columns a table shows: the ids stay in the CSV, the titles name the things on the page. */
export function shownColumns(columns: readonly string[]): string[] {
  return columns.filter((c) => c !== 'challenge' && c !== 'sweepstake');
}

export const columnTitle = (t: Translate, column: string): string => t(COLUMNS[column] ?? 'adminReports.notSet');

const DAY_COLUMNS = new Set(['period', 'day', 'cohort']);
const RATE_COLUMNS = new Set(['rightRate', 'share', 'rate']);
const CHALLENGE_KINDS: Readonly<Record<string, MessageKey>> = {
  poll: 'adminChallenges.subtype.poll', pickem: 'adminChallenges.subtype.pickem', trivia: 'adminChallenges.subtype.trivia',
  keyword: 'adminChallenges.subtype.keyword', feedback: 'adminChallenges.subtype.feedback', arcade: 'adminChallenges.subtype.arcade',
};

export function percent(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** A ledger kind in the supporter's words (their history's), the raw kind after an unknown one so two unknowns stay apart. */
export function ledgerKind(t: Translate, kind: string): string {
  const key = kindKey(kind);
  return key === 'history.kind.other' ? `${t(key)} (${kind})` : t(key);
}

/** One cell of a report's table, as the page's reader reads it. */
export function cellText(t: Translate, locale: string, row: ReportRow, column: string, name: ReportName): string {
  const value = row[column];
  if (value === null || value === undefined) return t('adminReports.notSet');
  if (typeof value === 'number') {
    if (RATE_COLUMNS.has(column)) return percent(value, locale);
    if (column === 'outcome') return value ? t('adminReports.yes') : t('adminReports.no');
    return formatNumber(value, locale);
  }
  if (DAY_COLUMNS.has(column)) return formatDay(value, locale);
  if (column === 'kind') return name === 'points' ? ledgerKind(t, value) : Object.hasOwn(CHALLENGE_KINDS, value) ? t(CHALLENGE_KINDS[value]!) : value;
  return value;
}
