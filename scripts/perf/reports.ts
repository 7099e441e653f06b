// `npm run perf:reports`: the club's numbers at a club's size (issue 25). On a fresh PostgreSQL database it
// builds, with SQL, a million supporters and thirty million ledger rows over the last year (times --scale,
// e.g. `-- --scale 0.05` for a quick run), with staff among them, poll votes and sweepstake entries; then
// it times every report over the default range (the last 30 days) and over 90 days, and prints the medians.
// Exits 1 when a 30-day report's median is over 500 ms. docs/performance.md says how the budget is met.
//
//   npm run perf:reports -- [--scale 1] [--keep]       PostgreSQL from REPORTS_DATABASE_URL or TEST_DATABASE_URL
//                                                      (default postgres://postgres@127.0.0.1:5432/postgres)
//   npm run perf:reports -- --measure URL              times the reports again on a database a --keep run left
import type { Db } from '../../src/server/db/connection.ts';
import { REPORT_NAMES } from '../../src/server/reports/report.names.ts';
import { runReport } from '../../src/server/reports/report.service.ts';
import { runOverBigClub } from './big-club.ts';

const BUDGET_MS = 500;
const SAMPLES = 5;
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measure(db: Db, org: string): Promise<boolean> {
  const today = new Date().toISOString().slice(0, 10);
  const ninety = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  let ok = true;
  console.log(`\n${'report'.padEnd(16)} ${'30 days'.padStart(9)} ${'90 days'.padStart(9)}`);
  for (const name of REPORT_NAMES) {
    const times: Record<string, number> = {};
    for (const [label, range] of [['30', {}], ['90', { from: ninety, to: today }]] as const) {
      await runReport(db, org, name, range);
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) {
        const started = performance.now();
        await runReport(db, org, name, range);
        samples.push(performance.now() - started);
      }
      times[label] = median(samples);
    }
    const over = times['30']! > BUDGET_MS;
    ok &&= !over;
    console.log(`${name.padEnd(16)} ${`${times['30']!.toFixed(0)} ms`.padStart(9)} ${`${times['90']!.toFixed(0)} ms`.padStart(9)}${over ? '  over budget' : ''}`);
  }
  console.log(ok ? `\nevery report under ${BUDGET_MS} ms over 30 days` : `\nsome report over ${BUDGET_MS} ms`);
  return ok;
}

runOverBigClub('reports', measure);
