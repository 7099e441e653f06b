// `npm run perf`: build, serve the real app on a fresh database, then measure JavaScript weight,
// Lighthouse (mobile) and throughput. Prints every figure; exits 1 when a budget is broken.
import { gzipSync } from 'node:zlib';
import { exitCleanlyOnSignals, runScript } from '../harness/cleanup.ts';
import { ownCode, STORY_VIEWER, STORY_VIEWER_BUDGET_KIB } from './island-weight.ts';
import { measureJavaScript } from './js-weight.ts';

/** Issue 26: the service worker, Serwist and the list it keeps, gzip. */
const SERVICE_WORKER_BUDGET_KIB = 40;
import { REPORT_DIR, RUNS, runLighthouse, type LighthouseFigures } from './lighthouse.ts';
import { compareFirstLoads, startObservedServer } from './observers.ts';
import { FRESH_DASHBOARD, lighthouseRows, observedRows, printLighthouse, printObserved, printTable, printThroughput, printWeights, section, summaryRows, throughputRows, type Row } from './report.ts';
import { build, freePort, startServer, type RunningServer } from '../harness/server.ts';
import { signInSupporter, type Supporter } from '../harness/supporter.ts';
import { measured, measureThroughput, type SignedInPage, type Throughput } from './throughput.ts';
import { startTestSmtpServer } from '../../src/server/testing/smtp.ts';

// Not 4321, which `npm start` and `astro dev` use by default.
const PREFERRED_PORT = Number(process.env['PERF_PORT'] || 4391);

/** `npm run perf -- --throughput`: only the throughput section (quick, for profiling and tuning). */
const THROUGHPUT_ONLY = process.argv.includes('--throughput');
/** `npm run perf -- --observers`: only the analytics-and-tracing section (issue 15). */
const OBSERVERS_ONLY = process.argv.includes('--observers');
/** `npm run perf -- --lighthouse`: only the Lighthouse section (issue 26's largest paints). */
const LIGHTHOUSE_ONLY = process.argv.includes('--lighthouse');

function signedInPages(supporter: Supporter): SignedInPage[] {
  const poll = supporter.paths.find((path) => path.startsWith('/challenges/polls/'));
  if (!poll) throw new Error('the seeded organization has no open poll for the supporter');
  return [{ label: '/dashboard', path: '/dashboard' }, { label: '/challenges', path: '/challenges' }, { label: 'poll page', path: poll }];
}

/**
 * The dashboard as it costs when nothing is kept (KEPT_PAGES=off, src/server/http/kept-pages/): a
 * supporter's first view, or one after a change. Measured on a second server, after the first has stopped.
 */
async function measureRenderedEveryTime(throughput: Throughput, smtpUrl: string, smtp: Parameters<typeof signInSupporter>[1]): Promise<void> {
  const server = await startServer(await freePort(PREFERRED_PORT + 2), smtpUrl, { env: { KEPT_PAGES: 'off' } });
  try {
    const supporter = await signInSupporter(server.origin, smtp);
    const page = await measured(`${server.origin}/dashboard`, { cookie: `terrace_session=${supporter.token}` }, server.pid);
    throughput.pages.splice(1, 0, { label: FRESH_DASHBOARD, ...page });
  } finally {
    await server.stop();
  }
}

async function measureAllThroughput(server: RunningServer, supporter: Supporter, smtp: Smtp): Promise<Throughput> {
  const throughput = await measureThroughput(server.origin, signedInPages(supporter), supporter.token, PREFERRED_PORT + 1, server.pid);
  await measureRenderedEveryTime(throughput, smtp.url, smtp);
  printThroughput(throughput);
  return throughput;
}

type Smtp = Awaited<ReturnType<typeof startTestSmtpServer>>;

async function measureThroughputOnly(server: RunningServer, supporter: Supporter, smtp: Smtp): Promise<boolean> {
  section('Throughput');
  const throughput = await measureAllThroughput(server, supporter, smtp);
  section('Summary');
  const rows = throughputRows(throughput);
  printTable(rows);
  const broken = rows.filter((row) => row.ok === false);
  console.log(broken.length ? `\n${broken.length} budget(s) BROKEN` : '\nall budgets OK');
  return broken.length === 0;
}

/** A demo article's page, from the public list (the organization's key as bearer, as the web app calls it). */
async function firstArticlePath(origin: string): Promise<string | undefined> {
  const response = await fetch(`${origin}/api/content/articles`, { headers: { Authorization: `Bearer ${process.env['PUBLIC_ORG_KEY'] ?? 'pk_demo_terrace'}` } });
  const body = (await response.json().catch(() => undefined)) as { data?: Array<{ slug: string }> } | undefined;
  const slug = body?.data?.[0]?.slug;
  return slug ? `/media/articles/${encodeURIComponent(slug)}` : undefined;
}

/** A demo video's page of each kind (a stored clip, a YouTube facade), from the public list. */
async function videoPaths(origin: string): Promise<string[]> {
  const response = await fetch(`${origin}/api/content/videos`, { headers: { Authorization: `Bearer ${process.env['PUBLIC_ORG_KEY'] ?? 'pk_demo_terrace'}` } });
  const body = (await response.json().catch(() => undefined)) as { data?: Array<{ slug: string; videoSourceType: string }> } | undefined;
  const videos = body?.data ?? [];
  return ['file', 'youtube'].flatMap((type) => {
    const video = videos.find((v) => v.videoSourceType === type);
    return video ? [`/media/videos/${encodeURIComponent(video.slug)}`] : [];
  });
}

/** A sweepstake's page for the signed-in supporter (the first the club lists), from the API as the web app calls it. */
async function sweepstakePath(origin: string, token: string): Promise<string | undefined> {
  const response = await fetch(`${origin}/api/sweepstake`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json().catch(() => undefined)) as { data?: Array<{ slug: string }> } | undefined;
  const slug = body?.data?.[0]?.slug;
  return slug ? `/sweepstakes/${encodeURIComponent(slug)}` : undefined;
}

/**
 * Issue 15: the same pages from a second server with analytics and tracing configured (same database, same
 * supporter): what the first load gains, what arrives after it, and Lighthouse with them running.
 */
async function measureObserved(server: RunningServer, supporter: Supporter, smtp: Smtp, visitorPaths: string[]): Promise<Row[]> {
  // The port as preferred, not claimed here: startObservedServer claims it (claimed twice, it fell to a random one).
  const observed = await startObservedServer(server, smtp.url, PREFERRED_PORT + 4);
  try {
    const pages = [
      ...await compareFirstLoads(server.origin, observed.server.origin, visitorPaths),
      ...await compareFirstLoads(server.origin, observed.server.origin, supporter.paths, supporter.token),
    ];
    printObserved(pages);
    console.log(`the stand-ins received ${observed.analytics.received.length} analytics and ${observed.otlp.received.length} OTLP requests`);
    const lighthouse = [
      ...await runLighthouse(observed.server.origin, ['/']),
      ...await runLighthouse(observed.server.origin, ['/dashboard'], supporter.token),
    ];
    printLighthouse(lighthouse, RUNS);
    return observedRows(pages, lighthouse);
  } finally {
    await observed.stop();
  }
}

/**
 * Issue 26: Lighthouse on the pages a supporter lands on, signed out and in, and the offline page (which the
 * service worker serves with no signal; here from the network, as the worker keeps it at install).
 */
async function measureLighthouse(server: RunningServer, supporter: Supporter, article: string | undefined, videos: string[]): Promise<LighthouseFigures[]> {
  section('Lighthouse');
  const challenge = supporter.paths.find((path) => path.startsWith('/challenges/'));
  const sweepstake = await sweepstakePath(server.origin, supporter.token);
  const lighthouse = [
    ...await runLighthouse(server.origin, ['/', '/about', '/media', ...(article ? [article] : []), ...videos.slice(0, 1), '/offline']),
    ...await runLighthouse(server.origin, ['/dashboard', ...(challenge ? [challenge] : []), ...(sweepstake ? [sweepstake] : []), '/leaderboards'], supporter.token),
  ];
  printLighthouse(lighthouse, RUNS);
  console.log(`reports of the median runs: ${REPORT_DIR}`);
  return lighthouse;
}

function summarize(rows: Row[]): boolean {
  section('Summary');
  printTable(rows);
  const broken = rows.filter((row) => row.ok === false);
  console.log(broken.length ? `\n${broken.length} budget(s) BROKEN` : '\nall budgets OK');
  return broken.length === 0;
}

async function measure(server: RunningServer, supporter: Supporter, smtp: Smtp): Promise<boolean> {
  if (THROUGHPUT_ONLY) return measureThroughputOnly(server, supporter, smtp);
  if (OBSERVERS_ONLY) {
    section('Analytics and tracing configured (first load, on against off)');
    return summarize(await measureObserved(server, supporter, smtp, ['/', '/about', '/media']));
  }
  if (LIGHTHOUSE_ONLY) {
    const article = await firstArticlePath(server.origin);
    return summarize(lighthouseRows(await measureLighthouse(server, supporter, article, await videoPaths(server.origin))));
  }
  section('JavaScript weight (every script response, gzip -9)');
  // An anonymous visitor on /dashboard is redirected; we measure wherever the browser lands.
  const article = await firstArticlePath(server.origin);
  // Issue 13: a stored clip's page and a YouTube video's page (its facade and the watch island).
  const videos = await videoPaths(server.origin);
  const contentPages = ['/media', '/media/instagram', ...(article ? [article] : []), ...videos];
  const anonymous = await measureJavaScript(server.origin, ['/', '/about', ...contentPages, '/dashboard']);
  console.log('anonymous visitor:');
  printWeights(anonymous);
  const signedIn = await measureJavaScript(server.origin, supporter.paths, supporter.token);
  console.log('signed-in supporter:');
  printWeights(signedIn);
  const weights = [...anonymous, ...signedIn.map((page) => ({ ...page, signedIn: true }))];

  const lighthouse = await measureLighthouse(server, supporter, article, videos);

  section('Analytics and tracing configured (first load, on against off)');
  const observed = await measureObserved(server, supporter, smtp, ['/', '/about', ...contentPages.slice(0, 1)]);

  section('Throughput');
  const throughput = await measureAllThroughput(server, supporter, smtp);

  section('Stories viewer (own code, loaded on open)');
  const viewer = await ownCode(STORY_VIEWER);
  console.log(`${STORY_VIEWER}: ${(viewer.gzipBytes / 1024).toFixed(1)} KiB gzip -9, ${viewer.modules.length} modules of ours`);

  section('Service worker (/sw.js, the whole file with Serwist and what it keeps at install)');
  const worker = gzipSync(Buffer.from(await (await fetch(`${server.origin}/sw.js`)).arrayBuffer()), { level: 9 }).length;
  console.log(`/sw.js: ${(worker / 1024).toFixed(1)} KiB gzip -9`);

  section('Summary');
  const rows = [...summaryRows(weights, lighthouse, throughput), ...observed, {
    figure: 'JS stories viewer, own code', value: `${(viewer.gzipBytes / 1024).toFixed(1)} KiB`,
    budget: `${STORY_VIEWER_BUDGET_KIB} KiB`, ok: viewer.gzipBytes <= STORY_VIEWER_BUDGET_KIB * 1024,
  }, {
    // Issue 26: the service worker and its precache code under 40 KiB gzip.
    figure: 'JS service worker', value: `${(worker / 1024).toFixed(1)} KiB`, budget: `${SERVICE_WORKER_BUDGET_KIB} KiB`, ok: worker <= SERVICE_WORKER_BUDGET_KIB * 1024,
  }];
  printTable(rows);
  const broken = rows.filter((row) => row.ok === false);
  console.log(broken.length ? `\n${broken.length} budget(s) BROKEN` : '\nall budgets OK');
  return broken.length === 0;
}

async function main(): Promise<number> {
  exitCleanlyOnSignals();
  section('Build');
  build();

  const port = await freePort(PREFERRED_PORT);
  section(`Server on port ${port}`);
  const smtp = await startTestSmtpServer();
  const server = await startServer(port, smtp.url);
  console.log(`${server.origin} is healthy`);
  try {
    const supporter = await signInSupporter(server.origin, smtp);
    console.log(`signed in a supporter; their pages: ${supporter.paths.join(', ')}`);
    return (await measure(server, supporter, smtp)) ? 0 : 1;
  } finally {
    await server.stop();
    await smtp.close();
  }
}

runScript(main);
