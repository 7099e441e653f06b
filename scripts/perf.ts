// `npm run perf`: build, serve the real app on a fresh database, then measure JavaScript weight,
// Lighthouse (mobile) and throughput. Prints every figure; exits 1 when a budget is broken.
import { exitCleanlyOnSignals } from './perf/cleanup.ts';
import { measureJavaScript } from './perf/js-weight.ts';
import { REPORT_DIR, RUNS, runLighthouse } from './perf/lighthouse.ts';
import { printLighthouse, printTable, printThroughput, printWeights, section, summaryRows } from './perf/report.ts';
import { build, freePort, startServer, type RunningServer } from './perf/server.ts';
import { measureThroughput } from './perf/throughput.ts';

// Not 4321, which `npm start` and `astro dev` use by default.
const PREFERRED_PORT = 4391;

async function measure(server: RunningServer): Promise<boolean> {
  section('JavaScript weight (every script response, gzip -9)');
  // An anonymous visitor on /dashboard is redirected; we measure wherever the browser lands.
  const weights = await measureJavaScript(server.origin, ['/', '/about', '/dashboard']);
  printWeights(weights);

  section('Lighthouse');
  const lighthouse = await runLighthouse(server.origin, ['/', '/about']);
  printLighthouse(lighthouse, RUNS);
  console.log(`reports of the median runs: ${REPORT_DIR}`);

  section('Throughput');
  const throughput = await measureThroughput(server.origin, '/about');
  printThroughput(throughput);

  section('Summary');
  const rows = summaryRows(weights, lighthouse, throughput);
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
  const server = await startServer(port);
  console.log(`${server.origin} is healthy`);
  try {
    return (await measure(server)) ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => { process.exitCode = code; },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
