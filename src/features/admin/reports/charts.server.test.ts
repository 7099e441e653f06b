import { describe, expect, it } from 'vitest';
import { chartOf } from './charts.server.ts';
import type { ReportRow } from './reports.api.ts';

// The charts are drawn on the server: what their bars say must match the figures.

const words = { t: ((key: string) => key) as never, locale: 'en' };
const widths = (svg: string) => [...svg.matchAll(/<rect[^>]*\bwidth="([\d.]+)"/g)].map((m) => Number(m[1]));
const heights = (svg: string) => [...svg.matchAll(/<rect[^>]*\bheight="([\d.]+)"/g)].map((m) => Number(m[1]));

describe('charts', () => {
  it('draws no bar for a poll nobody has voted in yet', () => {
    const rows: ReportRow[] = ['Home', 'Away'].map((option) => ({ challenge: 'c', title: 'Poll', kind: 'poll', option, votes: 0, share: null, outcome: null }));
    const chart = chartOf('polls', rows, words, 'votes')!;
    expect(widths(chart.wide)).toEqual([0, 0]);
    expect(widths(chart.narrow)).toEqual([0, 0]);
  });

  it('draws no bar for days with no check-in, and a bar for the day with one', () => {
    const rows: ReportRow[] = [{ day: '2026-11-26', checkins: 0 }, { day: '2026-11-27', checkins: 1 }];
    const [none, one] = heights(chartOf('checkins', rows, words, 'check-ins')!.wide);
    expect(none).toBe(0);
    expect(one).toBeGreaterThan(0);
  });
});
