// Lighthouse, default mobile config (Moto G Power emulation, simulated slow 4G and 4x CPU throttling).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { onInterrupt } from '../harness/cleanup.ts';
import { CHROME_PATH } from './js-weight.ts';
import { root } from '../harness/server.ts';

const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync',
];
/** Even simulated throttling varies a point or two between runs; the median of 3 is stable. */
export const RUNS = 3;
/** Reports of the median runs, for digging into a broken budget (git-ignored). */
export const REPORT_DIR = join(root, 'perf-report');

export interface LighthouseFigures {
  path: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Scores of every run, to show the spread. */
  scores: number[];
  /** Opportunities and diagnostics that cost something, worst first. */
  findings: string[];
  /** The element of the largest paint (its selector and text) and its subparts, when Lighthouse names it. */
  lcpElement?: string | undefined;
}

/**
 * `session`: the `terrace_session` cookie, to audit the pages of a signed-in supporter; or any cookie as
 * `name=value` (the console's). `desktop`: Lighthouse's desktop configuration (the console is for laptops).
 */
export async function runLighthouse(origin: string, paths: string[], session?: string, options: { desktop?: boolean } = {}): Promise<LighthouseFigures[]> {
  // chrome-launcher's own SIGINT handler would exit before our server is stopped; ours kills Chrome too.
  const chrome = await launch({
    chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent', handleSIGINT: false,
  });
  const forget = onInterrupt(() => chrome.kill());
  try {
    const figures: LighthouseFigures[] = [];
    for (const path of paths) {
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(new URL(path, origin).href, chrome.port, session, options.desktop ?? false));
      figures.push(summarize(path, runs));
    }
    return figures;
  } finally {
    forget();
    chrome.kill();
  }
}

// Lighthouse itself asks to be run again when Chrome's trace missed the navigation's start (NO_NAVSTART):
// a fault of the recording, not of the page. Other errors fail at once.
const RETRIED_ERRORS = new Set(['NO_NAVSTART']);

async function audit(url: string, port: number, session: string | undefined, desktop: boolean, attempt = 1): Promise<Result> {
  const extraHeaders = session ? { cookie: session.includes('=') ? session : `terrace_session=${session}` } : undefined;
  const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'], ...(extraHeaders ? { extraHeaders } : {}) };
  const result = await lighthouse(url, flags, desktop ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const error = result.lhr.runtimeError;
  if (error && RETRIED_ERRORS.has(error.code) && attempt < 3) return audit(url, port, session, desktop, attempt + 1);
  if (error) throw new Error(`Lighthouse failed on ${url}: ${error.message}`);
  return result.lhr;
}

function summarize(path: string, runs: Result[]): LighthouseFigures {
  const score = (lhr: Result) => Math.round((lhr.categories['performance']?.score ?? 0) * 100);
  const sorted = [...runs].sort((a, b) => score(a) - score(b));
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no Lighthouse run');
  saveReport(path, median);
  return {
    path,
    score: score(median),
    lcpMs: numeric(median, 'largest-contentful-paint'),
    tbtMs: numeric(median, 'total-blocking-time'),
    cls: numeric(median, 'cumulative-layout-shift'),
    scores: runs.map(score),
    findings: findings(median),
    lcpElement: lcpElement(median),
  };
}

/** Lighthouse's LCP breakdown: the element (selector and text) and its subparts (time to first byte, render delay…). */
function lcpElement(lhr: Result): string | undefined {
  const parts = (lhr.audits['lcp-breakdown-insight']?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const node = parts.find((part) => part['type'] === 'node') as { selector?: string; nodeLabel?: string; snippet?: string } | undefined;
  if (!node) return undefined;
  const table = parts.find((part) => part['type'] === 'table') as { items?: Array<{ label?: string; duration?: number }> } | undefined;
  const subparts = (table?.items ?? []).map((row) => `${row.label ?? ''} ${Math.round(row.duration ?? 0)} ms`).join(', ');
  return `${node.selector ?? ''} ${node.snippet ?? ''} "${(node.nodeLabel ?? '').slice(0, 60)}"${subparts ? ` (${subparts})` : ''}`;
}

function numeric(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse has no ${id}`);
  return value;
}

type Audit = Result['audits'][string];

/** Scored audits that did not fully pass, with the metric savings Lighthouse estimates. */
function findings(lhr: Result): string[] {
  const metricIds = new Set(['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time',
    'cumulative-layout-shift', 'speed-index']);
  const ids = lhr.categories['performance']?.auditRefs.map((ref) => ref.id) ?? [];
  return ids
    .map((id) => lhr.audits[id])
    .filter((a): a is Audit => a !== undefined && !metricIds.has(a.id) && a.score !== null && a.score < 1)
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map(describeFinding);
}

function describeFinding(audit: Audit): string {
  const savings = Object.entries(audit.metricSavings ?? {}).filter(([, v]) => v).map(([k, v]) => `${k} -${v}`);
  const value = audit.displayValue ? ` (${audit.displayValue})` : '';
  return `${audit.title}${value}${savings.length ? ` [savings: ${savings.join(', ')}]` : ''}`;
}

function saveReport(path: string, lhr: Result): void {
  mkdirSync(REPORT_DIR, { recursive: true });
  const name = path === '/' ? 'home' : path.replace(/^\/|\/$/g, '').replace(/\W+/g, '-');
  writeFileSync(join(REPORT_DIR, `lighthouse-${name}.json`), JSON.stringify(lhr, null, 2));
}
