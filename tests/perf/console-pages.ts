// `npm run perf:console-pages`: the console's budgets (issue 24) on the built server: each console page
// ships at most 60 KiB gzip of its own JavaScript, and Lighthouse (desktop) scores each list at least 95,
// signed in as an owner made the way a club makes one (the command line, then the e-mailed code).
// Prints the figures beside their budgets; exits 1 when one is broken.
import { CONSOLE_PAGES } from '../../src/lib/routing/console-routes.ts';
import { startTestSmtpServer } from '../../src/server/testing/smtp.ts';
import { signInOperator } from '../harness/operator.ts';
import { build, freePort, startServer } from '../harness/server.ts';
import { measureJavaScript } from './js-weight.ts';
import { RUNS, runLighthouse } from './lighthouse.ts';
import { printLighthouse, printTable, printWeights, section, type Row } from './report.ts';

const JS_BUDGET_BYTES = 60 * 1024;
const LIGHTHOUSE_DESKTOP_MIN = 95;

build();
const smtp = await startTestSmtpServer();
const server = await startServer(await freePort(4680), smtp.url);
let ok = false;
try {
  const token = await signInOperator(server.origin, smtp, server.databaseUrl, `perf.owner.${Date.now()}@club.test`, 'owner');
  const cookie = `terrace_console=${token}`;
  // Every page of the console's navigation: its lists (each lane adds its own to console-routes.ts).
  const paths = CONSOLE_PAGES.filter((page) => page.label).map((page) => (page.section ? `/admin/${page.section}` : '/admin'));
  section('JavaScript per console page (gzip)');
  const weights = await measureJavaScript(server.origin, paths, cookie);
  printWeights(weights);
  section(`Lighthouse, desktop, median of ${RUNS}`);
  const lighthouse = await runLighthouse(server.origin, paths, cookie, { desktop: true });
  printLighthouse(lighthouse, RUNS);
  const rows: Row[] = [
    ...weights.map((w) => {
      const bytes = w.gzipBytes + w.inline.gzipBytes;
      return {
        figure: `JavaScript ${w.path}${w.landedOn === w.path ? '' : ` (landed on ${w.landedOn})`}`, value: `${(bytes / 1024).toFixed(1)} KiB`,
        budget: `<= 60 KiB (${(bytes / JS_BUDGET_BYTES).toFixed(2)} of it)`, ok: bytes <= JS_BUDGET_BYTES && w.landedOn === w.path,
      };
    }),
    ...lighthouse.map((page) => ({ figure: `Lighthouse desktop ${page.path}`, value: String(page.score), budget: `>= ${LIGHTHOUSE_DESKTOP_MIN}`, ok: page.score >= LIGHTHOUSE_DESKTOP_MIN })),
  ];
  section('Budgets');
  printTable(rows);
  ok = rows.every((row) => row.ok !== false);
} finally {
  await server.stop();
  await smtp.close();
}
process.exit(ok ? 0 : 1);
