// `node scripts/bench/api-dashboard.ts`: what the API costs a signed-in page, in process (`app.fetch`, no
// socket), the way the web app calls it: one caller cache per page request (src/lib/api/server.ts), the
// middleware's GET user/me first, then the page's own GETs at once. Prints, per page, the statements it
// runs and the milliseconds (wall and CPU) its API calls take, and each endpoint alone (with its caller
// already looked up). On a fresh SQLite file, and on a fresh PostgreSQL schema too with TEST_DATABASE_URL.
// BENCH_ITERATIONS (default 3000) pages are timed, in 5 rounds of which the best counts, after as many again of
// warm-up; BENCH_VERBOSE=1 lists the statements.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../../src/server/app.ts';
import { createDatabase } from '../../src/server/db/connection.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import type { CallerCache } from '../../src/server/env.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { runScript } from '../perf/cleanup.ts';
import { createSignedInUsers, postgresTarget, sqliteTarget, type Target } from './database.ts';

const ITERATIONS = Number(process.env['BENCH_ITERATIONS'] ?? 3000);
const VERBOSE = process.env['BENCH_VERBOSE'] === '1';

/** A page's API calls: the steps run one after another, the paths of a step at once. */
type Page = { name: string; steps: string[][] };

type Call = (path: string, cache?: CallerCache, init?: RequestInit) => Promise<Response>;

function caller(app: App, token: string): Call {
  return (path, cache, init = {}) => app.fetch(new Request(`http://in-process/api/${path}`, {
    ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  }), cache ? { callerCache: cache } : undefined);
}

/** Reads every answer (as the page's client does) and fails on anything but a 2xx. */
async function read(response: Response, path: string): Promise<void> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
}

async function loadPage(call: Call, page: Page): Promise<void> {
  const cache: CallerCache = new Map();
  for (const step of page.steps) await Promise.all(step.map(async (path) => read(await call(path, cache), path)));
}

/** A supporter with some history: checked in, voted in a poll, one quiz question answered; a birthday (not today) when asked. */
async function prepare(app: App, token: string, birthday: boolean): Promise<{ pollId: string }> {
  const call = caller(app, token);
  const post = (path: string, body: unknown, method = 'POST') => call(path, undefined, { method, body: JSON.stringify(body) }).then((r) => read(r, path));
  type Listed = { challengeId: string; subtype: string; open: boolean; challengeType: { questions: Array<{ questionId: string }> } | null };
  const { data: challenges } = await (await call('challenge')).json() as { data: Listed[] };
  const poll = challenges.find((c) => c.subtype === 'poll' && c.open)!;
  const quiz = challenges.find((c) => c.subtype === 'trivia' && c.open)!;
  await post('checkin', {});
  await post(`challenge/${poll.challengeId}`, { poll: { responseIndex: 0 } });
  await post(`challenge/${quiz.challengeId}`, { trivia: { questionId: quiz.challengeType!.questions[0]!.questionId, responseIndex: 0 } });
  if (birthday) await post('user/me', { birthday: `1990-${new Date().getUTCMonth() < 6 ? '10' : '03'}-15` }, 'PATCH');
  return { pollId: poll.challengeId };
}

const ROUNDS = 5;

/** Per call, the best of ROUNDS rounds (other processes on the machine only ever add time), after a warm-up. */
async function time(run: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  for (let i = 0; i < ITERATIONS; i += 1) await run();
  const perRound = Math.max(1, Math.floor(ITERATIONS / ROUNDS));
  let wall = Infinity;
  let cpu = Infinity;
  for (let round = 0; round < ROUNDS; round += 1) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < perRound; i += 1) await run();
    wall = Math.min(wall, (performance.now() - start) / perRound);
    const used = process.cpuUsage(cpuStart);
    cpu = Math.min(cpu, (used.user + used.system) / 1000 / perRound);
  }
  return { wall, cpu };
}

const ms = (n: number) => `${n.toFixed(3)} ms`;

async function measure(target: Target): Promise<void> {
  await seedDemo(target.db);
  const statements: string[] = [];
  // A second handle on the same database that logs its statements: counted once, never timed.
  const countedDb = createDatabase(target.url, {
    ...(target.schema ? { schema: target.schema } : {}),
    log: (event) => { if (event.level === 'query') statements.push(event.query.sql); },
  });
  const mailer = createMailer({ from: 'Terrace <no-reply@localhost>', logger: { info: () => {}, error: console.error } });
  const mediaDir = mkdtempSync(join(tmpdir(), 'terrace-bench-media-'));
  const deps = { mailer, secret: randomBytes(32).toString('hex'), publicUrl: 'http://localhost', production: false, mediaDir };
  const app = createApp({ db: target.db, ...deps });
  const countedApp = createApp({ db: countedDb, ...deps });
  try {
    const [plain, withBirthday] = await createSignedInUsers(target.db, 2);
    const { pollId } = await prepare(app, plain!.token, false);
    await prepare(app, withBirthday!.token, true);
    const pages: Array<Page & { token: string }> = [
      { name: '/dashboard', steps: [['user/me'], ['checkin', 'challenge']], token: plain!.token },
      { name: '/dashboard (birthday on profile)', steps: [['user/me'], ['checkin', 'challenge']], token: withBirthday!.token },
      { name: '/challenges', steps: [['user/me'], ['challenge']], token: plain!.token },
      { name: '/challenges/poll/:id', steps: [['user/me'], [`challenge/${pollId}`]], token: plain!.token },
    ];
    console.log(`${target.name}: ${ITERATIONS} page loads each (best of ${ROUNDS} rounds), after ${ITERATIONS} of warm-up`);
    for (const page of pages) {
      statements.length = 0;
      await loadPage(caller(countedApp, page.token), page);
      const count = statements.length;
      if (VERBOSE) console.log(statements.map((s) => `    ${s}`).join('\n'));
      const call = caller(app, page.token);
      const { wall, cpu } = await time(() => loadPage(call, page));
      console.log(`  ${page.name.padEnd(34)} ${String(count).padStart(2)} statements  ${ms(wall)} wall  ${ms(cpu)} CPU`);
    }
    console.log('  each endpoint alone, its caller already looked up:');
    const call = caller(app, plain!.token);
    for (const path of ['user/me', 'checkin', 'challenge', `challenge/${pollId}`, 'health']) {
      const cache: CallerCache = new Map();
      const { wall, cpu } = await time(async () => read(await call(path, cache), path));
      console.log(`    GET ${(path === `challenge/${pollId}` ? 'challenge/:id' : path).padEnd(30)} ${ms(wall)} wall  ${ms(cpu)} CPU`);
    }
  } finally {
    await countedDb.destroy();
    await mailer.close();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const targets: Array<() => Promise<Target>> = [sqliteTarget];
  const url = process.env['TEST_DATABASE_URL'];
  if (url) targets.push(() => postgresTarget(url));
  for (const open of targets) {
    const target = await open();
    try {
      await measure(target);
    } finally {
      await target.close();
    }
  }
  return 0;
}

runScript(main);
