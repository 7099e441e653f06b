// `npm test`: type check, lint, unit and API tests on SQLite (and again on PostgreSQL when
// TEST_DATABASE_URL is set), build, a bounded fuzz of the built server (tests/fuzz/fuzz.ts),
// end-to-end tests in Chromium, then one summary. The fuzz and the end-to-end servers listen on free ports
// chosen here (FUZZ_PORT and E2E_PORT, unless set), so two checkouts can run it side by side.
// The build runs first; then three lanes side by side: the end-to-end tests, their output straight to the terminal;
// the API tests on PostgreSQL (which mostly wait for the database), then the fuzz on PostgreSQL; the type check, the
// lint, the tests on SQLite, then the fuzz on SQLite. The last two keep each step's output in
// test-results/summary/<step>.log and print it whole when it ends.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { PORTS_ABOVE, PORTS_BELOW } from '../tests/e2e/support/ports.ts';
import { minutesAndSeconds } from '../tests/harness/duration.ts';
import { freePort, freePortBlock } from '../tests/harness/ports.ts';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, 'test-results', 'summary');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Step {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
  /** When the step's command started, from the start of the run. */
  at: number;
  /** Wall time: from the start of the step's command to its result. */
  ms: number;
}
const steps: Step[] = [];
const started = performance.now();
/** What a command gave: whether it succeeded, and when it started and ended. */
interface Ran { ok: boolean; start: number; end: number }
/** Records a step as its command ended. */
function record(ran: Ran, step: Omit<Step, 'ms' | 'at'>): void {
  steps.push({ ...step, at: ran.start - started, ms: ran.end - ran.start });
}
const environment = (env: Record<string, string>) => ({ ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env });

/**
 * A command with its output straight to the terminal. Not spawnSync: that would stop this process reading the
 * other lanes' output, and they would stall on full pipes.
 */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  console.log(`\n▶ ${[command, ...args].join(' ')}`);
  const start = performance.now();
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: environment(env) });
  return new Promise((resolve) => child.on('close', (code) => resolve({ ok: code === 0, start, end: performance.now() })));
}

/** A command beside others: its output to `<log>.log`, printed whole when it ends, so outputs do not interleave. */
function runBeside(log: string, command: string, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const line = `▶ ${[command, ...args].join(' ')}`;
  console.log(`${line}  (beside the others; output in ${join('test-results', 'summary', `${log}.log`)})`);
  const file = join(reports, `${log}.log`);
  const out = createWriteStream(file);
  const start = performance.now();
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: environment({ FORCE_COLOR: '1', ...env }) });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const end = performance.now();
      out.end(() => {
        console.log(`\n${line}  (${minutesAndSeconds(end - start)})\n${readFileSync(file, 'utf8')}`);
        resolve({ ok: code === 0, start, end });
      });
    });
  });
}

/** The machine's CPU time so far, busy and in all (jiffies over every core, from /proc/stat; Linux only). */
function cpuTime(): { busy: number; all: number } | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const all = fields.reduce((a, b) => a + b, 0);
  return { busy: all - fields[3]! - fields[4]!, all };
}
/** How full each phase kept the machine's cores: a phase well under 100% has room for work beside it. */
const phases: { name: string; share?: number }[] = [];
function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const before = cpuTime();
  return work().then((result) => {
    const after = cpuTime();
    phases.push({ name, ...(before && after ? { share: (after.busy - before.busy) / Math.max(1, after.all - before.all) } : {}) });
    return result;
  });
}

function readJson(file: string): any {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

async function vitest(name: string, log: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  const out = join(reports, `${log}.json`);
  const ran = await runBeside(log, bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args], env);
  const ok = ran.ok;
  const report = readJson(out);
  record(ran, {
    name, ok,
    passed: report?.numPassedTests ?? 0,
    failed: report ? report.numFailedTests : 1,
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
  });
}

/** E2E_PORT when set, else the middle of a free block as wide as the suite's ports (tests/e2e/support/ports.ts). */
async function e2ePort(): Promise<string> {
  return process.env['E2E_PORT'] || String(await freePortBlock(PORTS_BELOW + 1 + PORTS_ABOVE) + PORTS_BELOW);
}

async function playwright(): Promise<void> {
  const out = join(reports, 'playwright.json');
  const port = await e2ePort();
  console.log(`\nend-to-end ports: ${Number(port) - PORTS_BELOW}..${Number(port) + PORTS_ABOVE} (E2E_PORT=${port})`);
  const ran = await run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: out, E2E_PORT: port });
  const ok = ran.ok;
  const stats = readJson(out)?.stats;
  record(ran, {
    name: 'playwright (chromium)', ok,
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats ? stats.unexpected : 1,
    skipped: stats?.skipped ?? 0,
  });
}

/** A step that passes or fails as a whole (the type check, the lint, the build). */
function single(name: string, ran: Ran): void {
  record(ran, { name, ok: ran.ok, passed: ran.ok ? 1 : 0, failed: ran.ok ? 0 : 1, skipped: 0 });
}

/** The API's own fuzz on the built server, on a small budget, on one database: failed by any finding. */
async function fuzz(database: 'sqlite' | 'postgres'): Promise<void> {
  const out = join(reports, `fuzz-${database}.json`);
  const ran = await runBeside(`fuzz-${database}`, process.execPath, [join(root, 'tests', 'fuzz', 'fuzz.ts')], {
    FUZZ_RUNS: process.env['FUZZ_RUNS'] ?? '10', FUZZ_REPORT: out, FUZZ_DATABASE: database,
    FUZZ_PORT: (database === 'sqlite' && process.env['FUZZ_PORT']) || String(await freePort()),
  });
  const ok = ran.ok;
  const databases = (readJson(out)?.databases ?? []) as Array<{ database: string; requests: number; serverErrors: number; unanswered: number; violations: number }>;
  const clean = databases.filter((d) => d.serverErrors + d.unanswered + d.violations === 0).length;
  record(ran, {
    name: `fuzz (${database === 'postgres' ? 'postgresql' : database})`, ok, passed: clean, failed: ok ? 0 : Math.max(1, databases.length - clean), skipped: 0,
    note: databases.map((d) => `${d.requests} requests, ${d.serverErrors} distinct 5xx, ${d.unanswered} unanswered, ${d.violations} violations`).join('; '),
  });
}

// The build first: the fuzz needs it, and nothing after it changes the sources (the servers of the fuzz and of
// the end-to-end tests would build again: scripts/start.ts).
const built = await phase('build', () => run(bin('astro'), ['build']));
single('astro build', built);

// Then the lanes side by side. The end-to-end tests alone kept two cores about two thirds busy (their tests wait for
// pages, mail and clocks) and the other two lanes about three quarters; together they keep them full (docs/testing.md).
const postgres = process.env['TEST_DATABASE_URL'];
if (!postgres) console.log('\nTEST_DATABASE_URL is not set: the API tests run on SQLite only.');
await phase('the lanes', () => Promise.all([
  built.ok ? playwright() : Promise.resolve(),
  (async () => {
    // `api*`: the API project, and its files that need modules of their own if any (vitest.config.ts).
    if (!postgres) return;
    await vitest('vitest api (postgresql)', 'vitest-postgresql', ['--project', 'api*'], { TEST_DATABASE_URL: postgres });
    if (built.ok) await fuzz('postgres');
  })(),
  (async () => {
    // The type check in two parts (`npm run check`): `astro check` the .astro files (it also writes Astro's types), then
    // TypeScript 7 every .ts and .tsx file. Alone on a 2-core machine: 44 + 46 CPU-s, where `astro check` on all took 124.
    single('astro check', await runBeside('astro-check', bin('astro'), ['check', '--tsconfig', 'tsconfig.astro.json']));
    single('tsc (typescript 7)', await runBeside('tsc', process.execPath, [join(root, 'node_modules', 'typescript-7', 'bin', 'tsc'), '--noEmit']));
    // The floors (what may import what), hooks, accessibility and words in markup: eslint.config.js.
    single('eslint', await runBeside('eslint', bin('eslint'), ['.']));
    await vitest('vitest (sqlite)', 'vitest-sqlite', [], { TEST_DATABASE_URL: '' });
    if (built.ok) await fuzz('sqlite');
  })(),
]));

console.log('\nSummary (each step\'s wall time, and when it started: three lanes run side by side after the build)');
for (const s of steps.sort((a, b) => a.at - b.at)) {
  const counts = `${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`;
  console.log(`  ${s.ok ? 'ok    ' : 'FAILED'} ${s.name.padEnd(28)} ${counts}  (${minutesAndSeconds(s.ms)}, from ${minutesAndSeconds(s.at)})${s.note ? ` (${s.note})` : ''}`);
}
const cores = availableParallelism();
console.log(`Machine busy (${cores} cores): ${phases.map((p) => `${p.name} ${p.share === undefined ? 'unknown' : `${Math.round(p.share * 100)}%`}`).join(', ')}`);
const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed + (s.ok || s.failed ? 0 : 1), 0);
console.log(`${passed} passed, ${failed} failed in ${minutesAndSeconds(performance.now() - started)}`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
