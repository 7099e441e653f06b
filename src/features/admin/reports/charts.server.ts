import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import { formatNumber } from '~/components/ui/format-number.ts';
import type { Translate } from '~/shared/i18n/translate.ts';
import type { ReportName, ReportRow } from './reports.api.ts';
import { ledgerKind, percent } from './report-view.ts';

// The reports' charts, drawn on the server as SVG by Observable Plot over linkedom's DOM: no script reaches
// the browser. Each chart is drawn twice, for a phone and for a laptop, at the width it is shown at, so its
// words keep their size (a wide chart shrunk onto a phone is unreadable). Plot's <style> is dropped: the
// page's CSP allows no inline style element, and the frame's CSS does its work (ReportSection.astro).

export const PALETTE = ['#3056c0', '#d9960b', '#e0533f', '#2f9c86', '#2e8b3d', '#d9548e', '#8a4fd8', '#6f93e8', '#8a5a3c', '#6b7280'];
const BAR = PALETTE[0]!;

export interface ChartWords { t: Translate; locale: string }
export interface Chart { narrow: string; wide: string; legend: Array<{ label: string; colour: string }> }

type Spec = (rows: ReportRow[], words: ChartWords, width: number) => { options: Plot.PlotOptions; legend?: Chart['legend'] };

const num = (row: ReportRow, key: string) => Number(row[key] ?? 0);
const str = (row: ReportRow, key: string) => String(row[key] ?? '');
const shortDay = (locale: string, day: string, withYear = false) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(withYear ? { year: '2-digit' } : {}), timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
const month = (locale: string, day: string) => new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** Some of a band axis's labels: at most `most` of them, evenly spaced, the last always shown. */
function someOf<T>(values: T[], most: number): T[] {
  const step = Math.max(1, Math.ceil(values.length / most));
  return values.filter((_, i) => (values.length - 1 - i) % step === 0);
}

/**
 * How many ticks a whole-number axis asks for: at most `most`, and no more than its largest figure, so a chart
 * of 1 supporter shows 0 and 1, not 0, 0.2, 0.4… (rounded by the format into 0, 0, 0, 1, 1, 1).
 */
function wholeTicks(values: number[], most: number): number {
  const largest = Math.max(0, ...values.map((v) => Math.abs(v)));
  return Math.max(1, Math.min(most, Math.ceil(largest)));
}

/** A count's axis: from zero, and to one at least, so a chart of nothing but zeros draws no bar at all. */
const fromZero = (values: number[]): [number, number] => [0, Math.max(1, ...values)];

/** Each day's stacked heights, up and down: what the points chart's axis must reach. */
function stackedTotals(data: Array<{ day: string; points: number }>): number[] {
  const totals = new Map<string, number>();
  for (const { day, points } of data) totals.set(`${day}${points < 0 ? '-' : '+'}`, (totals.get(`${day}${points < 0 ? '-' : '+'}`) ?? 0) + points);
  return [...totals.values()];
}

/** Counts per period (active supporters, sign-ups, check-ins): one bar a period. */
function perPeriod(key: string, monthly = false): Spec {
  return (rows, { locale }, width) => {
    const periods = rows.map((r) => str(r, 'day' in r ? 'day' : 'period'));
    const data = rows.map((r, i) => ({ period: periods[i]!, value: num(r, key) }));
    return {
      options: {
        x: { type: 'band', domain: periods, ticks: someOf(periods, width < 500 ? 4 : 8), tickFormat: (d: string) => (monthly ? month(locale, d) : shortDay(locale, d)), label: null, padding: 0.15 },
        y: { grid: true, label: null, domain: fromZero(data.map((d) => d.value)), nice: true, tickFormat: (v: number) => formatNumber(v, locale), ticks: wholeTicks(data.map((d) => d.value), 4) },
        marks: [
          Plot.barY(data, { x: 'period', y: 'value', fill: BAR }),
          ...(data.length <= 16 ? [Plot.text(data, { x: 'period', y: 'value', text: (d: { value: number }) => (d.value ? formatNumber(d.value, locale) : ''), dy: -7, fontSize: 11, className: 'bar-value' })] : []),
          Plot.ruleY([0]),
        ],
      },
    };
  };
}

interface LabelledBar { label: string; value: number; text: string; winner?: boolean }

/**
 * One bar a thing (a challenge, a poll's option, a sweepstake), its name written above it across the whole
 * width and its figure after it: long names stay readable on a phone, where a left axis would squeeze them.
 */
function labelledBars(bars: LabelledBar[], locale: string, width: number, winner?: string): ReturnType<Spec> {
  const data = bars.map((bar, i) => ({ ...bar, key: `${i}`, label: clip(bar.label, width < 500 ? 46 : 100) }));
  const row = 40;
  return {
    options: {
      height: data.length * row + 30, marginLeft: 4, marginRight: width < 500 ? 80 : 140, marginTop: 4,
      y: { type: 'band', domain: data.map((d) => d.key), axis: null, padding: 0 },
      x: { grid: true, label: null, domain: fromZero(data.map((d) => d.value)), nice: true, tickFormat: (v: number) => formatNumber(v, locale), ticks: wholeTicks(data.map((d) => d.value), width < 500 ? 3 : 6) },
      marks: [
        Plot.barX(data, { y: 'key', x: 'value', fill: (d: LabelledBar) => (d.winner ? PALETTE[4]! : BAR), insetTop: 19, insetBottom: 5 }),
        Plot.text(data, { y: 'key', x: 0, text: 'label', textAnchor: 'start', dy: -9, fontSize: 12 }),
        Plot.text(data, { y: 'key', x: 'value', text: 'text', textAnchor: 'start', dx: 4, dy: 7, fontSize: 11, className: 'bar-value' }),
        Plot.ruleX([0]),
      ],
    },
    ...(winner && data.some((d) => d.winner) ? { legend: [{ label: winner, colour: PALETTE[4]! }] } : {}),
  };
}

const SPECS: Partial<Record<ReportName, Spec>> = {
  'active-daily': perPeriod('supporters'),
  'active-weekly': perPeriod('supporters'),
  'active-monthly': perPeriod('supporters', true),
  signups: perPeriod('signups'),
  checkins: perPeriod('checkins'),
  points(rows, { t, locale }, width) {
    const days = [...new Set(rows.map((r) => str(r, 'day')))];
    const kinds = [...new Set(rows.map((r) => ledgerKind(t, str(r, 'kind'))))];
    const colour = (kind: string) => PALETTE[kinds.indexOf(kind) % PALETTE.length]!;
    const data = rows.flatMap((r) => [
      { day: str(r, 'day'), kind: ledgerKind(t, str(r, 'kind')), points: num(r, 'issued') },
      { day: str(r, 'day'), kind: ledgerKind(t, str(r, 'kind')), points: -num(r, 'spent') },
    ]).filter((d) => d.points !== 0);
    return {
      options: {
        x: { type: 'band', domain: days, ticks: someOf(days, width < 500 ? 4 : 8), tickFormat: (d: string) => shortDay(locale, d), label: null, padding: 0.15 },
        y: { grid: true, label: null, tickFormat: (v: number) => formatNumber(v, locale), ticks: wholeTicks(stackedTotals(data), 5) },
        color: { domain: kinds, range: kinds.map(colour) },
        marks: [Plot.barY(data, { x: 'day', y: 'points', fill: 'kind' }), Plot.ruleY([0])],
      },
      legend: kinds.map((label) => ({ label, colour: colour(label) })),
    };
  },
  challenges: (rows, { locale }, width) => labelledBars(rows.slice(0, 20).map((r) => ({
    label: str(r, 'title'), value: num(r, 'participants'), text: formatNumber(num(r, 'participants'), locale),
  })), locale, width),
  polls: (rows, { t, locale }, width) => labelledBars(rows.slice(0, 30).map((r) => ({
    label: `${str(r, 'title')} · ${str(r, 'option')}`, value: num(r, 'votes'), winner: r['outcome'] === 1,
    text: `${formatNumber(num(r, 'votes'), locale)}${typeof r['share'] === 'number' ? ` (${percent(r['share'], locale)})` : ''}`,
  })), locale, width, t('adminReports.column.outcome')),
  sweepstakes: (rows, { t, locale }, width) => labelledBars(rows.slice(0, 20).map((r) => ({
    label: str(r, 'title'), value: num(r, 'entries'),
    text: `${formatNumber(num(r, 'entries'), locale)} ${t('adminReports.column.entries').toLocaleLowerCase(locale)} · ${formatNumber(num(r, 'entrants'), locale)} ${t('adminReports.column.entrants').toLocaleLowerCase(locale)}`,
  })), locale, width),
  retention(rows, { t, locale }, width) {
    const cohorts = [...new Set(rows.map((r) => str(r, 'cohort')))];
    return {
      options: {
        marginLeft: 70, marginTop: 36,
        x: { type: 'band', label: t('adminReports.column.weeksAfter'), axis: 'top', labelAnchor: 'left', labelArrow: 'none' },
        y: { type: 'band', domain: cohorts, tickFormat: (d: string) => shortDay(locale, d), label: null },
        color: { type: 'linear', domain: [0, 1], range: ['#eef2fb', '#3056c0'] },
        height: Math.max(120, cohorts.length * (width < 500 ? 34 : 38) + 50),
        marks: [
          Plot.cell(rows, { x: 'weeksAfter', y: 'cohort', fill: (r: ReportRow) => (r['rate'] === null ? '#f3f4f6' : r['rate']), inset: 1 }),
          Plot.text(rows, { x: 'weeksAfter', y: 'cohort', text: (r: ReportRow) => (typeof r['rate'] === 'number' ? percent(r['rate'], locale) : '–'), fill: (r: ReportRow) => (Number(r['rate'] ?? 0) > 0.5 ? 'white' : 'black'), fontSize: width < 500 ? 10 : 11 }),
        ],
      },
    };
  },
};

function draw(options: Plot.PlotOptions, width: number, label: string): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const svg = Plot.plot({ height: width < 500 ? 220 : 260, ...options, width, document, ariaLabel: label, style: { fontSize: '12px', overflow: 'visible' } } as Plot.PlotOptions & { document: unknown });
  for (const style of svg.querySelectorAll('style')) style.remove();
  // The chart is one image with one name (role="img"): the names Plot gives its groups are not allowed there.
  for (const part of svg.querySelectorAll('[aria-label], [aria-description]')) {
    part.removeAttribute('aria-label');
    part.removeAttribute('aria-description');
  }
  svg.setAttribute('role', 'img');
  svg.removeAttribute('class');
  return svg.outerHTML;
}

/** The report's chart at a phone's width and a laptop's, or undefined when it has none (or nothing to draw). */
export function chartOf(name: ReportName, rows: ReportRow[], words: ChartWords, label: string): Chart | undefined {
  const spec = SPECS[name];
  if (!spec || rows.length === 0) return undefined;
  const narrow = spec(rows, words, 340);
  const wide = spec(rows, words, 760);
  return { narrow: draw(narrow.options, 340, label), wide: draw(wide.options, 760, label), legend: wide.legend ?? [] };
}
