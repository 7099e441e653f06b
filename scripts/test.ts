// `npm test`: type check, lint, unit and API tests on SQLite (and again on PostgreSQL when
// TEST_DATABASE_URL is set), build, a bounded fuzz of the built server (tests/fuzz/fuzz.ts),
// end-to-end tests in Chromium, then one summary. The fuzz and the end-to-end servers listen on free ports
// chosen here (FUZZ_PORT and E2E_PORT, unless set), so two checkouts can run it side by side.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PORTS_ABOVE, PORTS_BELOW } from '../tests/e2e/support/ports.ts';
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
  /** Wall time: from the start of the step's command to its result. */
  ms: number;
}
const steps: Step[] = [];
const started = performance.now();
let stepStart = 0;
/** Records a step as it ends; each step runs one command, and run() marks its start. */
function record(step: Omit<Step, 'ms'>): void {
  steps.push({ ...step, ms: performance.now() - stepStart });
}
const seconds = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${[command, ...args].join(' ')}`);
  stepStart = performance.now();
  const result = spawnSync(command, args, {
    cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
  });
  return result.status === 0;
}

function readJson(file: string): any {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

function vitest(name: string, args: string[], env: Record<string, string> = {}): void {
  const out = join(reports, `${name}.json`);
  const ok = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args], env);
  const report = readJson(out);
  record({
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
  const ok = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: out, E2E_PORT: port });
  const stats = readJson(out)?.stats;
  record({
    name: 'playwright (chromium)', ok,
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats ? stats.unexpected : 1,
    skipped: stats?.skipped ?? 0,
  });
}

const checked = run(bin('astro'), ['check']);
record({ name: 'astro check', ok: checked, passed: checked ? 1 : 0, failed: checked ? 0 : 1, skipped: 0 });
// The floors (what may import what), hooks, accessibility and words in markup: eslint.config.js.
const linted = run(bin('eslint'), ['.']);
record({ name: 'eslint', ok: linted, passed: linted ? 1 : 0, failed: linted ? 0 : 1, skipped: 0 });

vitest('vitest (sqlite)', [], { TEST_DATABASE_URL: '' });
const postgres = process.env['TEST_DATABASE_URL'];
if (postgres) vitest('vitest api (postgresql)', ['--project', 'api'], { TEST_DATABASE_URL: postgres });
else console.log('\nTEST_DATABASE_URL is not set: the API tests ran on SQLite only.');

/** The API's own fuzz on the built server, on a small budget: one check per database, failed by any finding. */
async function fuzz(): Promise<void> {
  const out = join(reports, 'fuzz.json');
  const ok = run(process.execPath, [join(root, 'tests', 'fuzz', 'fuzz.ts')], {
    FUZZ_RUNS: process.env['FUZZ_RUNS'] ?? '10', FUZZ_REPORT: out, FUZZ_PORT: process.env['FUZZ_PORT'] || String(await freePort()),
  });
  const databases = (readJson(out)?.databases ?? []) as Array<{ database: string; requests: number; serverErrors: number; unanswered: number; violations: number }>;
  const clean = databases.filter((d) => d.serverErrors + d.unanswered + d.violations === 0).length;
  record({
    name: 'fuzz', ok, passed: clean, failed: ok ? 0 : Math.max(1, databases.length - clean), skipped: 0,
    note: databases.map((d) => `${d.database}: ${d.requests} requests, ${d.serverErrors} distinct 5xx, ${d.unanswered} unanswered, ${d.violations} violations`).join('; '),
  });
}

const built = run(bin('astro'), ['build']);
record({ name: 'astro build', ok: built, passed: built ? 1 : 0, failed: built ? 0 : 1, skipped: 0 });
if (built) {
  await fuzz();
  await playwright();
}

console.log('\nSummary');
for (const s of steps) {
  const counts = `${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`;
  console.log(`  ${s.ok ? 'ok    ' : 'FAILED'} ${s.name.padEnd(28)} ${counts}  (${seconds(s.ms)})${s.note ? ` (${s.note})` : ''}`);
}
const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed + (s.ok || s.failed ? 0 : 1), 0);
console.log(`${passed} passed, ${failed} failed in ${seconds(performance.now() - started)}`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
