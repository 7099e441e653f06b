import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { APP_PORT } from './support/ports.ts';
import { freshPostgres } from '../harness/fresh-database.ts';

// `npm start` as an operator runs it: its own process, its own database, stopped with SIGTERM.
test.describe.configure({ mode: 'serial' });

interface Running {
  process: ChildProcess;
  base: string;
  output: () => string;
}

async function start(databaseUrl: string, port: number, env: Record<string, string> = {}): Promise<Running> {
  // A server left running on the port (another run's) would answer in this one's place.
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(() => true, () => false);
  if (taken) throw new Error(`port ${port} is already in use: stop what listens there (or set E2E_PORT)`);
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { process: child, base, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

function stop(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.process.once('exit', (code) => resolve(code));
    running.process.kill('SIGTERM');
  });
}

async function organizationToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/organization/current`, { headers: { Authorization: 'Bearer pk_demo_terrace' } });
  expect(res.status).toBe(200);
  const { data } = await res.json();
  expect(data.ranks).toHaveLength(10);
  return data.token;
}

test('npm start serves an empty data folder, stops cleanly on SIGTERM and keeps its data across a restart', async () => {
  test.setTimeout(90_000);
  const folder = mkdtempSync(join(tmpdir(), 'terrace-start-'));
  try {
    const url = `file:${join(folder, 'terrace.db')}`;
    const first = await start(url, APP_PORT + 5);
    const token = await organizationToken(first.base);
    const home = await fetch(`${first.base}/`);
    // The server's own account of a failure is the fastest way to its cause.
    expect(await home.text(), first.output()).toContain('Terrace FC');
    expect(home.status).toBe(200);
    expect(first.output()).toContain('seeded the demo organization');
    expect(await stop(first)).toBe(0);
    expect(first.output()).toContain('"signal":"SIGTERM","msg":"finishing requests in flight');

    const second = await start(url, APP_PORT + 5);
    expect(await organizationToken(second.base)).toBe(token);
    expect(second.output()).toContain('seed skipped');
    expect(await stop(second)).toBe(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

// Registered only where PostgreSQL is available (CI sets TEST_DATABASE_URL).
const adminUrl = process.env['TEST_DATABASE_URL'];
if (adminUrl) test('npm start runs on PostgreSQL with the same migrations', async () => {
  test.setTimeout(90_000);
  const database = await freshPostgres(adminUrl, 'start');
  try {
    const running = await start(database.url, APP_PORT + 6);
    await organizationToken(running.base);
    expect(await stop(running)).toBe(0);
  } finally {
    await database.drop();
  }
});

/** The occurrences of `job` that a server's log says it ran (one JSON line each, src/server/jobs/job.ts). */
function occurrencesRan(output: string, job: string): string[] {
  return output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg?: string; job?: string; occurrence?: string })
    .filter((line) => line.msg === 'job ran' && line.job === job).map((line) => line.occurrence!);
}

// Two real processes on one database, as behind a load balancer: the purge (every second here, through
// RETENTION_PURGE_EVERY_SECONDS, a variable only tests set) runs once per occurrence between them, not in each.
if (adminUrl) test('two processes on one PostgreSQL database run each scheduled purge once between them', async () => {
  test.setTimeout(120_000);
  const database = await freshPostgres(adminUrl, 'jobs');
  const db = new pg.Client({ connectionString: database.url });
  const servers: Running[] = [];
  try {
    const env = { RETENTION_PURGE_EVERY_SECONDS: '1' };
    // One after the other: the first migrates and seeds the empty database.
    const first = await start(database.url, APP_PORT + 10, env);
    servers.push(first);
    const second = await start(database.url, APP_PORT + 11, env);
    servers.push(second);
    await db.connect();
    const since = new Date().toISOString();
    // A sign-in counter three days old: the purge's to delete.
    await db.query(`insert into rate_limit_hits (key, window_start, count) values ('e2e-jobs', $1, 1)`, [new Date(Date.now() - 3 * 86_400_000).toISOString()]);
    const completedSince = async () => (await db.query<{ n: number }>(
      `select count(*)::int as n from terrace_jobs.job where name = 'retention-purge' and state = 'completed' and data->>'occurrence' > $1`, [since],
    )).rows[0]!.n;
    await expect.poll(completedSince, { timeout: 60_000 }).toBeGreaterThanOrEqual(5);
    expect((await db.query(`select 1 from rate_limit_hits where key = 'e2e-jobs'`)).rowCount).toBe(0);
    expect(await stop(first)).toBe(0);
    expect(await stop(second)).toBe(0);

    const ranFirst = occurrencesRan(first.output(), 'retention-purge');
    const ranSecond = occurrencesRan(second.output(), 'retention-purge');
    const both = [...ranFirst, ...ranSecond];
    expect(new Set(both).size, `first ran ${ranFirst.join(', ')}; second ran ${ranSecond.join(', ')}`).toBe(both.length);
    // Every occurrence the queue holds as completed was logged by exactly one of the two.
    const { rows } = await db.query<{ occurrence: string }>(`select data->>'occurrence' as occurrence from terrace_jobs.job where name = 'retention-purge' and state = 'completed'`);
    expect(both.sort()).toEqual(rows.map((r) => r.occurrence).sort());
    for (const running of [first, second]) expect(running.output()).toContain('"msg":"job queue started"');
  } finally {
    for (const running of servers) if (running.process.exitCode === null) running.process.kill('SIGKILL');
    await db.end().catch(() => undefined);
    await database.drop();
  }
});

test('with API_ORIGIN set, pages read their data from that other API', async () => {
  test.setTimeout(90_000);
  const folder = mkdtempSync(join(tmpdir(), 'terrace-origin-'));
  try {
    const apiDb = join(folder, 'api.db');
    const api = await start(`file:${apiDb}`, APP_PORT + 7);
    // Rename the organization in the API's own database only, so the front end's source is visible.
    const { DatabaseSync } = await import('node:sqlite');
    const sqlite = new DatabaseSync(apiDb);
    sqlite.prepare("update organizations set name = 'Other Club'").run();
    sqlite.close();

    const front = await start(`file:${join(folder, 'front.db')}`, APP_PORT + 8, { API_ORIGIN: api.base });
    const html = await (await fetch(`${front.base}/about`)).text();
    expect(html).toContain('About the Other Club supporters');
    // Browsers still call this server's own /api, which forwards (see api-origin.spec.ts).
    expect(html).toContain('data-api-base="/api"');
    expect(await stop(front)).toBe(0);
    expect(await stop(api)).toBe(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("a script's server stops when the script dies, even by SIGKILL, and frees its port", async () => {
  test.setTimeout(90_000);
  const port = APP_PORT + 9;
  // A script (as npm run perf is) starting the server through tests/harness/server.ts, then killed.
  const script = spawn(process.execPath, ['--input-type=module', '-e', `
    import { startServer } from './tests/harness/server.ts';
    const server = await startServer(${port}, 'smtp://127.0.0.1:9');
    console.log('serving ' + server.origin);
    setInterval(() => {}, 1000);
  `], { stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    script.stdout!.on('data', (chunk) => { printed += chunk; if (printed.includes('serving')) resolve(); });
    script.once('exit', () => reject(new Error(`the script ended early: ${printed}`)));
  });
  const health = () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
  expect(await health()).toBe(true);
  script.kill('SIGKILL');
  await expect.poll(health, { timeout: 20_000 }).toBe(false);
});

