// `npm run peak`: a match day's peak through the deployment docs/operations.md describes (issue 27). On a fresh
// PostgreSQL database, N built servers (`npm start`, production) behind nginx run with deploy/nginx.conf, and
// signed-in supporters (sessions written with SQL: the e-mailed sign-in is not what is measured). Four bursts, each
// by supporters of its own (a check-in counts once a day): every supporter checks in, then votes in one poll, each
// POST with its own Idempotency-Key; sent as fast as the deployment takes them, then paced over S seconds; through
// nginx, then straight to one process for comparison. For a sample, the crediting delay: from the answer until
// every process shows the award. Then what one check-in and one vote cost in CPU. Exits 1 on a broken budget.
//
//   npm run peak -- [--supporters 2000] [--processes 2] [--seconds S] [--concurrency 50]
//   or PEAK_SUPPORTERS, PEAK_PROCESSES, PEAK_SECONDS (default: 200 actions/s), PEAK_CONCURRENCY; PostgreSQL from
//   PEAK_DATABASE_URL, TEST_DATABASE_URL or the local server; PEAK_PORT: nginx's, the processes on the next ones.
//   DATABASE_POOL_SIZE and the other settings of the environment reach the servers.
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createSignedInUsers } from '../../tests/bench/database.ts';
import { exitCleanlyOnSignals, runScript } from '../../tests/harness/cleanup.ts';
import { startDeployment } from '../../tests/harness/deployment.ts';
import { freshPostgres } from '../../tests/harness/fresh-database.ts';
import { freePortBlock } from '../../tests/harness/ports.ts';
import { createDatabase } from '../../src/server/db/connection.ts';
import { startTestSmtpServer } from '../../src/server/testing/smtp.ts';
import { runBurst, type Action, type Pace, type Poll, type Supporter } from './peak-burst.ts';
import { openCostMeter, type CostMeter } from './peak-cost.ts';
import { costBudgets, costLine, fastBudgets, pacedBudgets, printBurst, type Budget } from './peak-report.ts';

/** Concurrency of the cost phases: a steady load (as `npm run bench`), not a saturated machine. */
const COST_CONCURRENCY = 10;

function settings() {
  const { values } = parseArgs({ options: { supporters: { type: 'string' }, processes: { type: 'string' }, seconds: { type: 'string' }, concurrency: { type: 'string' } } });
  const read = (flag: string | undefined, variable: string, fallback: number, min: number, max: number) => {
    const value = Number(flag ?? process.env[variable] ?? fallback);
    if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${variable} (--${variable.slice(5).toLowerCase()}) must be a number from ${min} to ${max}`);
    return value;
  };
  const supporters = Math.round(read(values.supporters, 'PEAK_SUPPORTERS', 2_000, 10, 100_000));
  return {
    supporters,
    processes: Math.round(read(values.processes, 'PEAK_PROCESSES', 2, 1, 16)),
    // Two actions a supporter at 200 actions/s: the budget's pace.
    seconds: read(values.seconds, 'PEAK_SECONDS', (2 * supporters) / 200, 1, 3_600),
    concurrency: Math.round(read(values.concurrency, 'PEAK_CONCURRENCY', 50, 1, 1_000)),
  };
}

/** The demo's first open poll, as a supporter's app lists it. */
async function openPoll(origin: string, supporter: Supporter): Promise<Poll & { title: string }> {
  const res = await fetch(`${origin}/api/challenge/type/poll`, { headers: { accept: 'application/json', cookie: `terrace_session=${supporter.token}` } });
  if (!res.ok) throw new Error(`GET /api/challenge/type/poll answered ${res.status}: ${await res.text()}`);
  const { data } = await res.json() as { data: Array<{ challengeId: string; title: string; subtype: string; completed: boolean; value: number; options: unknown[] }> };
  const poll = data.find((c) => c.subtype === 'poll' && !c.completed);
  if (!poll) throw new Error('the demo organization has no open poll');
  return { id: poll.challengeId, title: poll.title, options: poll.options.length, value: poll.value };
}

async function main(): Promise<number> {
  exitCleanlyOnSignals();
  const { supporters: M, processes: N, seconds: S, concurrency } = settings();
  const rate = Math.round((2 * M) / S);
  const adminUrl = process.env['PEAK_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(`Terrace peak: ${M.toLocaleString('en')} supporters a burst, ${N} app processes behind nginx (deploy/nginx.conf), `
    + `pool of ${process.env['DATABASE_POOL_SIZE'] ?? 10} connections each; ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const database = await freshPostgres(adminUrl, 'peak');
  const smtp = await startTestSmtpServer();
  const cleanups: Array<() => Promise<unknown>> = [() => smtp.close(), () => database.drop()];
  try {
    const firstPort = process.env['PEAK_PORT'] ? Number(process.env['PEAK_PORT']) : await freePortBlock(N + 1);
    const deployment = await startDeployment({ databaseUrl: database.url, smtpUrl: smtp.url, processes: N, firstPort });
    cleanups.unshift(() => deployment.stop());
    const db = createDatabase(database.url);
    const warm = Math.min(200, M);
    const all = await createSignedInUsers(db, warm + 5 * M);
    await db.destroy();
    const group = (n: number) => all.slice(warm + n * M, warm + (n + 1) * M);
    const meter: CostMeter = await openCostMeter(database.url);
    cleanups.unshift(() => meter.close());
    const poll = await openPoll(deployment.origin, all[0]!);
    console.log(`poll "${poll.title}" (${poll.options} options, ${poll.value} points); PostgreSQL: ${meter.source}`);

    const pids = { app: deployment.servers.map((s) => s.pid), nginx: [deployment.nginx.pid, ...deployment.nginx.workerPids()] };
    const observers = deployment.servers.map((s) => s.origin);
    // Not reported: JIT, pools and caches warmed by the same actions.
    await runBurst(deployment.origin, observers, all.slice(0, warm), poll, { kind: 'fast', concurrency });

    const fast: Pace = { kind: 'fast', concurrency };
    const paced: Pace = { kind: 'paced', seconds: S };
    const single = deployment.servers[0]!.origin;
    const runs: Array<[label: string, origin: string, pace: Pace]> = [
      [`${N} processes behind nginx, as fast as they take them (${concurrency} supporters at a time)`, deployment.origin, fast],
      [`${N} processes behind nginx, paced: ${M} supporters over ${S} s (${rate} actions/s)`, deployment.origin, paced],
      [`1 process, no nginx, as fast as it takes them (${concurrency} supporters at a time)`, single, fast],
      [`1 process, no nginx, paced: ${M} supporters over ${S} s (${rate} actions/s)`, single, paced],
    ];
    const budgets: Budget[] = [];
    for (const [i, [label, origin, pace]] of runs.entries()) {
      const { result, cost } = await meter.measure(pids, () => runBurst(origin, observers, group(i), poll, pace));
      printBurst(label, result, cost);
      if (i === 0) budgets.push(...fastBudgets(result, `${N} processes behind nginx`));
      if (i === 1) budgets.push(...pacedBudgets(result, `${N} processes behind nginx`, rate));
    }

    console.log(`\ncost per action: ${N} processes behind nginx, ${COST_CONCURRENCY} supporters at a time, nothing else sent`);
    for (const [action, name] of [['checkin', 'a check-in'], ['vote', 'a poll vote']] as Array<[Action, string]>) {
      const { result, cost } = await meter.measure(pids, () => runBurst(deployment.origin, [], group(4), poll, { kind: 'fast', concurrency: COST_CONCURRENCY }, [action]));
      const failed = [...result.errors.values()].reduce((a, b) => a + b, 0);
      console.log(`  ${name.padEnd(12)} ${costLine(cost, result.actions)}${failed ? `   (${failed} failed: ${result.firstError})` : ''}`);
      budgets.push(...costBudgets(name, cost, result.actions));
    }

    console.log('\nbudgets (issue 27):');
    for (const b of budgets) console.log(b.line);
    const broken = budgets.filter((b) => !b.ok).length;
    console.log(broken ? `${broken} budget(s) broken` : 'every budget met');
    // Others' work on the machine shows in every figure but the CPU per action: the load is printed beside them.
    console.log(`load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
    return broken ? 1 : 0;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error(error));
  }
}

runScript(main);
