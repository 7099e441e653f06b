// Printing the figures, and the summary table with the budgets.
import type { PageWeight } from './js-weight.ts';
import type { LighthouseFigures } from './lighthouse.ts';
import type { Observed } from './observers.ts';
import type { Throughput } from './throughput.ts';

/** /about is a static page: it must work without any JavaScript, inline scripts included. */
const ABOUT_JS_BYTES = 0;
/** Issue 13: the public content pages ship no JavaScript to a visitor either. */
const ZERO_JS_PAGES = /^\/(about|media|media\/instagram|media\/articles\/[^/]+)$/;
/**
 * Issue 26: the largest paint of every page Lighthouse measures (the home and about pages, the media pages, the
 * offline page, and the supporter's dashboard, a challenge, a sweepstake and a leaderboard), on Lighthouse's phone.
 * Issue 13 asked 1.5 s of the content pages.
 */
const LCP_MS = 1000;
/**
 * Issue 13: the video facade and player, their own code: the watch island's chunk (src/features/videos/
 * video-watch.ts) and the page's inline scripts, where the facade's few hundred bytes are inlined.
 */
const VIDEO_PLAYER_KIB = 3;
const VIDEO_PLAYER_CHUNK = /\/VideoWatchScript[^/]*\.js$/;
const VIDEO_PAGE = /^\/media\/videos\/[^/]+$/;
/**
 * A signed-in supporter's pages (dashboard, challenges), inline scripts included (issue 26): at most 85 KiB,
 * on the way to React (some 66 KiB with Astro's renderer) plus 15 KiB of our own. 103 KiB at the start of
 * issue 26's perf pass; 83-84 KiB after it (ky, Astro's actions client and a toast's code load at a tap; the
 * code every signed-in page runs is one file, src/build/shell-chunk.ts).
 */
const SIGNED_IN_JS_KIB = 85;
const LIGHTHOUSE_MIN_SCORE = 98;
/**
 * Issue 15: with analytics and tracing configured, a signed-in page's first load is the same bytes (the
 * check rides in the script every signed-in page loads). A visitor's page with no script at all cannot
 * start anything without one: it gains the loader alone (its script and Vite's preload helper, 2.2 KB),
 * never the libraries.
 */
const OBSERVED_VISITOR_GROWTH_BYTES = 2560;
/** The code that must arrive after `load` on a configured page, or the comparison proves nothing. */
const OBSERVER_CHUNKS = [/\/analytics\.client\.[^/]+\.js$/, /\/tracing\.client\.[^/]+\.js$/];

export interface Row {
  figure: string;
  value: string;
  budget?: string;
  ok?: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const rps = (value: number) => `${Math.round(value).toLocaleString('en')} req/s`;
/** Challenge ids are random: `/challenges/polls/:id` reads the same from run to run. */
const shortPath = (path: string) => path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id');
const where = (page: PageWeight) => shortPath(page.landedOn === page.path ? page.path : `${page.path} -> ${page.landedOn}`);
const webVitals = (page: LighthouseFigures) =>
  `LCP ${ms(page.lcpMs)}, TBT ${ms(page.tbtMs)}, CLS ${page.cls.toFixed(3)}`;

export function section(title: string): void {
  console.log(`\n=== ${title} ===`);
}

export function printWeights(weights: PageWeight[]): void {
  for (const page of weights) {
    console.log(`${where(page)}: ${jsValue(page)} gzip -9 (${kb(page.rawBytes)} raw)`);
    for (const script of page.scripts) {
      console.log(`    ${kb(script.gzipBytes).padStart(10)}  ${new URL(script.url).pathname}`);
    }
  }
}

function jsValue(page: PageWeight): string {
  const inline = page.inline.count ? ` + ${page.inline.count} inline (${page.inline.gzipBytes} B)` : '';
  return `${page.scripts.length} scripts, ${kb(page.gzipBytes)}${inline}`;
}

export function printLighthouse(figures: LighthouseFigures[], runs: number): void {
  console.log(`mobile preset, simulated throttling; median of ${runs} runs by performance score`);
  console.log('(indented: audits of the median run that did not fully pass, with estimated savings in ms)');
  for (const page of figures) {
    console.log(`${shortPath(page.path)}: performance ${page.score} (runs: ${page.scores.join(', ')}), ${webVitals(page)}`);
    if (page.lcpElement) console.log(`    largest paint: ${page.lcpElement}`);
    for (const finding of page.findings) console.log(`    - ${finding}`);
  }
}

/**
 * Throughput budgets, as ratios measured in the same run so the machine's speed cancels out.
 * November 2026, before the per-request session and the public page cache: the signed-in dashboard
 * ran at 0.0047 of node:http; issue 11 asks for four times that. /about at least twice stock Astro
 * (it was half of it), which only serving it from memory can reach.
 */
const DASHBOARD_MIN_RATIO = 4 * 0.0047;
const ABOUT_MIN_STOCK_RATIO = 2;
/** Issue 27: the dashboard rendered fresh (the page after every action, which no kept page can serve). */
const FRESH_DASHBOARD_MIN_RATIO = 0.02;
export const FRESH_DASHBOARD = 'dashboard, nothing kept (signed in)';

export function printThroughput(t: Throughput): void {
  console.log(`${t.connections} connections for ${t.durationS} s each; /about is ${kb(t.htmlBytes)} of HTML`);
  for (const page of t.pages) {
    const cpu = page.cpuMs === undefined ? '' : `  server CPU ${page.cpuMs.toFixed(3)} ms/request`;
    console.log(`${page.label.padEnd(36)} ${rps(page.rps).padStart(14)}  /node:http ${(page.rps / t.baselineRps).toFixed(4)}${cpu}`);
  }
  console.log(`${'stock Astro 7 + @astrojs/node /about'.padEnd(36)} ${rps(t.stockAstroRps).padStart(14)}  /node:http ${(t.stockAstroRps / t.baselineRps).toFixed(4)}`);
  console.log(`${'node:http /about'.padEnd(36)} ${rps(t.baselineRps).padStart(14)}`);
  console.log(`/about ours / stock Astro ${(t.aboutRps / t.stockAstroRps).toFixed(2)}`);
}

export function throughputRows(t: Throughput): Row[] {
  const rows: Row[] = t.pages.map((page) => ({ figure: `Throughput ${page.label}`, value: rps(page.rps) }));
  for (const page of t.pages) {
    if (page.cpuMs !== undefined) rows.push({ figure: `Server CPU ${page.label}`, value: `${page.cpuMs.toFixed(3)} ms/req` });
  }
  rows.push({ figure: 'Throughput stock Astro /about', value: rps(t.stockAstroRps) });
  rows.push({ figure: 'Throughput node:http /about', value: rps(t.baselineRps) });
  for (const page of t.pages) {
    const ratio = page.rps / t.baselineRps;
    const row: Row = { figure: `Ratio ${page.label} / node:http`, value: ratio.toFixed(4) };
    const least = page.label.startsWith('/dashboard') ? DASHBOARD_MIN_RATIO : page.label === FRESH_DASHBOARD ? FRESH_DASHBOARD_MIN_RATIO : undefined;
    rows.push(least === undefined ? row : { ...row, budget: `>= ${least.toFixed(4)}`, ok: ratio >= least });
  }
  const aboutVsStock = t.aboutRps / t.stockAstroRps;
  rows.push({ figure: 'Ratio /about / stock Astro', value: aboutVsStock.toFixed(2), budget: `>= ${ABOUT_MIN_STOCK_RATIO}`, ok: aboutVsStock >= ABOUT_MIN_STOCK_RATIO });
  return rows;
}

export function summaryRows(weights: Array<PageWeight & { signedIn?: boolean }>, lighthouse: LighthouseFigures[], t: Throughput): Row[] {
  const rows: Row[] = weights.map((page) => {
    const row: Row = { figure: `JS ${where(page)}`, value: jsValue(page) };
    const bytes = page.gzipBytes + page.inline.gzipBytes;
    if (page.signedIn) return { ...row, budget: `${SIGNED_IN_JS_KIB} KiB`, ok: bytes <= SIGNED_IN_JS_KIB * 1024 };
    if (!ZERO_JS_PAGES.test(page.path)) return row;
    return { ...row, budget: `${ABOUT_JS_BYTES} bytes`, ok: bytes <= ABOUT_JS_BYTES };
  });
  for (const page of weights) {
    if (!VIDEO_PAGE.test(page.path)) continue;
    const player = page.scripts.filter((script) => VIDEO_PLAYER_CHUNK.test(new URL(script.url).pathname));
    const bytes = player.reduce((sum, script) => sum + script.gzipBytes, page.inline.gzipBytes);
    rows.push({ figure: `JS own code of the video player ${where(page)}`, value: kb(bytes), budget: `${VIDEO_PLAYER_KIB} KiB`, ok: bytes <= VIDEO_PLAYER_KIB * 1024 });
  }
  rows.push(...lighthouseRows(lighthouse));
  return [...rows, ...throughputRows(t)];
}

/** Issue 26: each page's Lighthouse score (at least 98) and largest paint (under a second). */
export function lighthouseRows(lighthouse: LighthouseFigures[]): Row[] {
  return lighthouse.flatMap((page) => [
    { figure: `Lighthouse ${shortPath(page.path)} performance`, value: String(page.score), budget: `>= ${LIGHTHOUSE_MIN_SCORE}`, ok: page.score >= LIGHTHOUSE_MIN_SCORE },
    { figure: `Lighthouse ${shortPath(page.path)} web vitals`, value: webVitals(page), budget: `LCP < ${LCP_MS} ms`, ok: page.lcpMs < LCP_MS },
  ]);
}

export function printObserved(pages: Observed[]): void {
  for (const page of pages) {
    const grown = page.grown.map((file) => `${shortPath(file.url)} ${file.bytes} B`).join(', ');
    console.log(`${shortPath(page.path)}${page.signedIn ? ' (signed in)' : ''}: first load +${page.grownBy} B${grown ? ` (${grown})` : ''}`);
    const later = page.later.map((file) => `${shortPath(file.url)} ${kb(file.bytes)}`).join(', ');
    console.log(`    after load: ${later || 'nothing'}`);
  }
}

export function observedRows(pages: Observed[], lighthouse: LighthouseFigures[]): Row[] {
  const rows: Row[] = [];
  for (const page of pages) {
    const where = `${shortPath(page.path)}${page.signedIn ? ' (signed in)' : ''}`;
    const budget = page.signedIn ? 0 : OBSERVED_VISITOR_GROWTH_BYTES;
    rows.push({ figure: `First load grows, analytics+tracing on, ${where}`, value: `${page.grownBy} B`, budget: `<= ${budget} B`, ok: page.grownBy <= budget });
    const arrived = OBSERVER_CHUNKS.every((chunk) => page.later.some((file) => chunk.test(file.url)));
    rows.push({ figure: `Analytics and tracing code after load, ${where}`, value: arrived ? 'loaded' : 'MISSING', budget: 'loaded', ok: arrived });
  }
  for (const page of lighthouse) {
    rows.push({
      figure: `Lighthouse ${shortPath(page.path)} performance, analytics+tracing on`, value: String(page.score),
      budget: `>= ${LIGHTHOUSE_MIN_SCORE}`, ok: page.score >= LIGHTHOUSE_MIN_SCORE,
    });
  }
  return rows;
}

export function printTable(rows: Row[]): void {
  const status = (row: Row) => (row.ok === undefined ? '' : row.ok ? 'OK' : 'BROKEN');
  const cells = rows.map((row) => [row.figure, row.value, row.budget ?? '', status(row)]);
  const header = ['Figure', 'Value', 'Budget', 'Status'];
  const widths = header.map((_, i) => Math.max(...[header, ...cells].map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => c.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const c of cells) console.log(line(c));
}
