// `node tests/bench/api-dashboard.ts`: what the API costs a signed-in page, in process (`app.fetch`, no
// socket), the way the web app calls it: one caller cache per page request (src/app/api.server.ts), the
// middleware's GET user/me first, then the page's own GETs at once. Prints, per page, the statements it
// runs and the milliseconds (CPU and wall) its API calls take, and each endpoint alone (its caller already
// looked up). On a fresh SQLite file; on a fresh PostgreSQL schema instead with BENCH_DATABASE_URL=postgres://…
// BENCH_AGAINST=<git ref> (e.g. main) measures that version too, round for round with this one, so both
// see the same machine load. BENCH_ITERATIONS (default 3000) page loads per version and page, in 5 rounds of
// which the best counts, after as many of warm-up; BENCH_VERBOSE=1 lists the statements.
import { runScript } from '../harness/cleanup.ts';
import { caller, checkedInBefore, newSupporter, openTree, type Call, type Tree } from './api-tree.ts';
import type { CallerCache } from '../../src/server/env.ts';

const ITERATIONS = Number(process.env['BENCH_ITERATIONS'] ?? 3000);
const ROUNDS = 5;
const VERBOSE = process.env['BENCH_VERBOSE'] === '1';

/** A page's API calls: the steps run one after another, the paths of a step at once. */
interface Page { name: string; steps: string[][]; token: string }

/** Reads every answer (as the page's client does) and fails on anything but a 2xx. */
async function read(response: Response, path: string): Promise<void> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
}

async function loadPage(call: Call, page: Page): Promise<void> {
  const cache: CallerCache = new Map();
  for (const step of page.steps) await Promise.all(step.map(async (path) => read(await call(path, cache), path)));
}

/**
 * A supporter with some history: checked in (today, and `streak` days before), voted in a poll, one quiz
 * question answered; a birthday (not today) when asked.
 */
async function prepare(tree: Tree, name: string, birthday: boolean, streak = 0): Promise<{ token: string; pollId: string }> {
  const { id, token } = await newSupporter(tree, name);
  await checkedInBefore(tree, id, streak);
  const call = caller(tree.app, token);
  const send = (path: string, body: unknown, method = 'POST') => call(path, undefined, { method, body: JSON.stringify(body) }).then((r) => read(r, path));
  type Listed = { challengeId: string; subtype: string; open: boolean; challengeType: { questions: Array<{ questionId: string }> } | null };
  const { data: challenges } = await (await call('challenge')).json() as { data: Listed[] };
  const poll = challenges.find((c) => c.subtype === 'poll' && c.open)!;
  const quiz = challenges.find((c) => c.subtype === 'trivia' && c.open)!;
  await send('checkin', {});
  await send(`challenge/${poll.challengeId}`, { poll: { responseIndex: 0 } });
  await send(`challenge/${quiz.challengeId}`, { trivia: { questionId: quiz.challengeType!.questions[0]!.questionId, responseIndex: 0 } });
  if (birthday) await send('user/me', { birthday: `1990-${new Date().getUTCMonth() < 6 ? '10' : '03'}-15` }, 'PATCH');
  return { token, pollId: poll.challengeId };
}

/** What src/pages/dashboard.astro asks for at once, after the middleware's user/me. */
const DASHBOARD = ['checkin', 'challenge', 'carousel', 'content/stories', 'sweepstake'];

async function pagesOf(tree: Tree): Promise<Page[]> {
  const plain = await prepare(tree, 'plain', false);
  const birthday = await prepare(tree, 'birthday', true);
  const daily = await prepare(tree, 'daily', false, 99);
  return [
    { name: '/dashboard', steps: [['user/me'], DASHBOARD], token: plain.token },
    { name: '/dashboard (birthday on profile)', steps: [['user/me'], DASHBOARD], token: birthday.token },
    { name: '/dashboard (100-day check-in streak)', steps: [['user/me'], DASHBOARD], token: daily.token },
    { name: '/challenges', steps: [['user/me'], ['challenge']], token: plain.token },
    { name: '/challenges/poll/:id', steps: [['user/me'], [`challenge/${plain.pollId}`]], token: plain.token },
    // Each endpoint alone, with one cache for all the loads: the caller is looked up once, not timed.
    ...['user/me', 'checkin', 'challenge', `challenge/${plain.pollId}`, 'health'].map((path) => ({
      name: `  GET ${path.replace(plain.pollId, ':id')} alone`, steps: [[path]], token: plain.token,
    })),
  ];
}

interface Timing { wall: number; cpu: number }

/** One round: the mean per page load. */
async function round(run: () => Promise<void>, loads: number): Promise<Timing> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < loads; i += 1) await run();
  const used = process.cpuUsage(cpuStart);
  return { wall: (performance.now() - start) / loads, cpu: (used.user + used.system) / 1000 / loads };
}

async function countStatements(tree: Tree, page: Page): Promise<number> {
  tree.statements.length = 0;
  await loadPage(caller(tree.countedApp, page.token), page);
  if (VERBOSE) console.log(`${tree.label} ${page.name}:\n${tree.statements.map((s) => `    ${s}`).join('\n')}`);
  return tree.statements.length;
}

async function main(): Promise<number> {
  const postgresUrl = process.env['BENCH_DATABASE_URL'];
  const refs = [undefined, ...(process.env['BENCH_AGAINST'] ? [process.env['BENCH_AGAINST']] : [])];
  const trees: Tree[] = [];
  try {
    for (const ref of refs) trees.push(await openTree(ref, postgresUrl));
    const pages = await Promise.all(trees.map(pagesOf));
    const perRound = Math.max(1, Math.floor(ITERATIONS / ROUNDS));
    console.log(`${postgresUrl ? 'postgres' : 'sqlite'}: ${perRound * ROUNDS} loads per page and version (best of ${ROUNDS} rounds), after ${ITERATIONS} of warm-up`);
    console.log(`${'page'.padEnd(36)}${trees.map((t) => `${t.label.slice(0, 13).padStart(14)}: statements, CPU, wall`).join('  ')}`);
    for (let p = 0; p < pages[0]!.length; p += 1) {
      const counts = await Promise.all(trees.map((tree, i) => countStatements(tree, pages[i]![p]!)));
      const runs = trees.map((tree, i) => {
        const page = pages[i]![p]!;
        const call = caller(tree.app, page.token);
        // Endpoints alone share one cache across loads; a page gets a fresh one per load, as in the web app.
        const shared: CallerCache = new Map();
        const alone = page.name.endsWith(' alone');
        const path = page.steps[0]![0]!;
        return alone ? async () => read(await call(path, shared), path) : () => loadPage(call, page);
      });
      const best = trees.map(() => ({ wall: Infinity, cpu: Infinity }));
      for (const run of runs) for (let i = 0; i < ITERATIONS; i += 1) await run();
      for (let r = 0; r < ROUNDS; r += 1) {
        // Versions take turns within each round, so a busy moment on the machine hits both.
        for (const [i, run] of runs.entries()) {
          const t = await round(run, perRound);
          best[i] = { wall: Math.min(best[i]!.wall, t.wall), cpu: Math.min(best[i]!.cpu, t.cpu) };
        }
      }
      const cells = best.map((b, i) => `${String(counts[i]).padStart(14)}, ${b.cpu.toFixed(3)} ms, ${b.wall.toFixed(3)} ms`);
      console.log(`${pages[0]![p]!.name.padEnd(36)}${cells.join('  ')}`);
    }
  } finally {
    for (const tree of trees) await tree.close();
  }
  return 0;
}

runScript(main);
