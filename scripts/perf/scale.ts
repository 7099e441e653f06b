// `npm run scale`: Terrace at a club's size on PostgreSQL (issue 27, point 6). For each `--scale` (a share of a
// million supporters; by default 0.1 and 1, the issue's 100k and 1M) it builds, with SQL, on a fresh database:
// the club of big-club.ts (the supporters, 30 ledger rows each, votes and entries on the demo prizes), the boards
// of leaderboards.ts, a sweepstake with one entry per supporter and a poll with one answer per supporter next to a
// sweepstake and a poll of 10,000 (scale-club.ts), and keeps the reports' days (reports.ts's job). Then it starts
// the built server with KEPT_PAGES=off (every page rendered afresh) and measures, with autocannon at 10 connections:
// a supporter's dashboard, history (first page and 40th), season leaderboard, sweepstake page (big and small in
// turn, live and ended), a poll vote (big and small in turn, each vote its own voter and Idempotency-Key), every
// console report and the member search; then the freeze of the big list, its draw (timed, with the server's RSS
// read every 20 ms) and `npm run verify-draw` of it. It prints a table of figures with budget and verdict, and
// exits 1 when a budget is missed. docs/performance.md has the figures.
//
//   npm run scale                              100k, then 1M (about 20 minutes to build the million)
//   npm run scale -- --scale 0.01              a quick check (10k supporters)
//   npm run scale -- --scale 0.1 --seconds 5   shorter loads; --keep keeps each database (its URL printed)
//   npm run scale -- --measure URL             measures a kept database again (its prizes reopened, new voters)
// PostgreSQL from SCALE_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres.
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runScript, exitCleanlyOnSignals } from '../../tests/harness/cleanup.ts';
import { freshPostgres } from '../../tests/harness/fresh-database.ts';
import { freePort, startServer } from '../../tests/harness/server.ts';
import { createDatabase, type Db } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import { startTestSmtpServer } from '../../src/server/testing/smtp.ts';
import { buildBigClub, SUPPORTERS, timed } from './big-club.ts';
import { keepEverything } from './reports.ts';
import { buildScaleClub, reopenScaleClub, type ScaleClub } from './scale-club.ts';
import { measureClub, type Figure } from './scale-measure.ts';

const PREFERRED_PORT = Number(process.env['SCALE_PORT'] || 5800);

function table(title: string, figures: Figure[]): boolean {
  console.log(`\n${title}`);
  const width = Math.max(...figures.map((f) => f.label.length));
  const measuredWidth = Math.max(...figures.map((f) => f.measured.length));
  console.log(`${'figure'.padEnd(width)}  ${'measured'.padEnd(measuredWidth)}  ${'budget'.padEnd(18)}  verdict`);
  for (const f of figures) {
    const verdict = f.ok === null ? '' : f.ok ? 'ok' : `MISSED${f.miss ? ` (${f.miss})` : ''}`;
    console.log(`${f.label.padEnd(width)}  ${f.measured.padEnd(measuredWidth)}  ${(f.budget ?? '').padEnd(18)}  ${verdict}`);
  }
  return figures.every((f) => f.ok !== false);
}

/** Measures the club on `url` with the built server (a new process for each phase); true when every budget held. */
async function measure(url: string, db: Db, club: ScaleClub, seconds: number, smtpUrl: string): Promise<boolean> {
  const users = Number((await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'like', 'perf-%').executeTakeFirstOrThrow()).n);
  const start = async () => startServer(await freePort(PREFERRED_PORT), smtpUrl, { databaseUrl: url, env: { KEPT_PAGES: 'off' }, timeoutMs: 600_000 });
  const figures = await measureClub({ start, db, club, seconds });
  const ok = table(`${users.toLocaleString('en')} supporters, ${club.big.size.toLocaleString('en')} entries and answers (autocannon, 10 connections, ${seconds} s, KEPT_PAGES=off)`, figures);
  // Others' work on the machine shows in every figure: the load is printed beside them.
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
  return ok;
}

async function main(): Promise<number> {
  exitCleanlyOnSignals();
  const { values } = parseArgs({ options: {
    scale: { type: 'string', multiple: true }, seconds: { type: 'string', default: '10' }, keep: { type: 'boolean', default: false }, url: { type: 'string' },
    measure: { type: 'string' },
  } });
  const scales = (values.scale ?? ['0.1', '1']).flatMap((s) => s.split(',')).map(Number);
  if (!scales.every((s) => s > 0 && s <= 1)) throw new Error('--scale is a number above 0, at most 1 (a share of a million supporters)');
  const seconds = Number(values.seconds);
  if (!(seconds >= 1)) throw new Error('--seconds is a number of seconds, at least 1');
  const adminUrl = values.url ?? process.env['SCALE_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const smtp = await startTestSmtpServer();
  let ok = true;
  try {
    if (values.measure) {
      const db = createDatabase(values.measure);
      try {
        await migrateToLatest(db);
        const org = (await db.selectFrom('organizations').select('id').where('public_key', '=', 'pk_demo_terrace').executeTakeFirstOrThrow()).id;
        ok = await measure(values.measure, db, await reopenScaleClub(db, org), seconds, smtp.url);
      } finally {
        await db.destroy();
      }
    }
    for (const scale of values.measure ? [] : scales) {
      const users = Math.max(1_000, Math.round(SUPPORTERS * scale));
      console.log(`\n=== ${users.toLocaleString('en')} supporters ===`);
      const database = await freshPostgres(adminUrl, 'scale');
      const db = createDatabase(database.url);
      try {
        await migrateToLatest(db);
        await seedDemo(db);
        const started = performance.now();
        const org = await buildBigClub(db, scale);
        const club = await buildScaleClub(db, org, users);
        await timed('reports kept', () => keepEverything(db, org));
        console.log(`  built in ${((performance.now() - started) / 60_000).toFixed(1)} min`);
        ok = (await measure(database.url, db, club, seconds, smtp.url)) && ok;
      } finally {
        await db.destroy();
        if (values.keep) console.log(`kept ${database.url}`);
        else await database.drop();
      }
    }
  } finally {
    await smtp.close();
  }
  console.log(ok ? '\nscale: every budget met' : '\nscale: a budget missed');
  return ok ? 0 : 1;
}

runScript(main);
