// What the accessibility statement (/accessibility) says axe found: the summary `npm run a11y:statement`
// (tests/a11y/statement.ts) writes beside this file after running axe over every page of the site map in
// English and Spanish, signed out and signed in. Read at build time: the page is static for every visitor.
import summary from './axe-summary.json' with { type: 'json' };

export const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
export type Impact = (typeof IMPACTS)[number];

export interface AxeSummary {
  /** The day of the run (YYYY-MM-DD, UTC). */
  checkedOn: string;
  axeVersion: string;
  browser: string;
  /** The WCAG levels and extra rules asked of axe (its tags), e.g. wcag22aa. */
  tags: string[];
  languages: string[];
  states: string[];
  /** The routes checked (patterns, so the file does not change with the demo's random ids). */
  routes: string[];
  /** Page visits: each route in each language and state it opens in. */
  pagesChecked: number;
  /** Distinct axe rules run (those that found nothing to check on a page included). */
  rulesRun: number;
  /** Rules failed, counted once per page visit, by impact. */
  violations: Record<Impact, number>;
  /** Each rule that failed anywhere: its impact and on how many page visits. */
  failedRules: { id: string; impact: Impact; pages: number; help: string }[];
}

export const AXE_SUMMARY: AxeSummary = summary as AxeSummary;
