// `npm run bench`: operations per second, p50 and p99 latency of a check-in, a poll vote, a keyword answer,
// quiz answers and sweepstake entries (points spent through the ledger), through the real API in process (`app.request`, no socket), on a fresh SQLite file,
// and on a fresh PostgreSQL schema too when TEST_DATABASE_URL is set. Each database gets the demo
// organization (with its demo challenges) and BENCH_USERS signed-in users (default 100); at most
// BENCH_CONCURRENCY users (default 10) are in flight. Ends by checking every balance against the ledger.
// Exits 1 when any request fails or the ledger disagrees. Everything it creates is removed at the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkLedger, createSignedInUsers, postgresTarget, sqliteTarget, type Target } from './database.ts';
import { runScript } from '../harness/cleanup.ts';
import { formatPhase, headers, post, runPhase, type Job, type PhaseCpu, type Send } from './load.ts';
import { openCostMeter, type CostMeter } from '../../scripts/perf/peak-cost.ts';
import { createApp } from '../../src/server/app.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { createSweepstake } from '../../src/server/sweepstakes/sweepstake.service.ts';

const USERS = boundedInt('BENCH_USERS', 100, 1, 5_000);
const CONCURRENCY = boundedInt('BENCH_CONCURRENCY', 10, 1, 200);

function boundedInt(name: string, fallback: number, min: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

/** The fields of the API's Challenge this script reads. */
interface Challenge {
  challengeId: string;
  subtype: string;
  title: string;
  value: number;
  completed: boolean;
  options: Array<{ label: string }>;
  challengeType: { questions: Array<{ questionId: string; options: string[]; points: number }> } | null;
}

type Answer = { data: { pointsAwarded: number; trivia?: { status: string; score: number; answers: Array<{ questionId: string; correct: boolean | null }> } } };

/** Chosen the way a supporter's app would: the first listed one the user has not completed (so open, visible, not excluded). */
async function openChallenge(send: Send, token: string, subtype: 'poll' | 'keyword' | 'trivia'): Promise<Challenge> {
  const res = await send(`/api/challenge/type/${subtype}`, { headers: headers(token) });
  if (res.status !== 200) throw new Error(`GET /api/challenge/type/${subtype} answered ${res.status}: ${await res.text()}`);
  const { data } = await res.json() as { data: Challenge[] };
  const open = data.find((c) => c.subtype === subtype && !c.completed);
  if (!open) throw new Error(`the demo organization has no open ${subtype} challenge`);
  return open;
}

/** A first answer to a poll or keyword challenge must award its value; else the ledger check would pass on nothing. */
const awards = (value: number) => (json: unknown) => {
  const awarded = (json as Answer).data.pointsAwarded;
  return awarded === value ? null : `awarded ${awarded} points, not ${value}`;
};

/** Entries a user makes in the sweepstake phase, one request each (a point apiece, so every one is paid for). */
const ENTRIES_PER_USER = 5;

/** An entry of one ticket must spend exactly the bench sweepstake's cost. */
const spendsOne = (json: unknown) => {
  const spent = (json as { data: { pointsSpent: number } }).data.pointsSpent;
  return spent === 1 ? null : `spent ${spent} points, not 1`;
};

/** A quiz answer pays nothing and tells nothing until the last one, which completes the quiz and pays its score. */
const paysQuizAnswer = (q: { questionId: string; points: number }, last: boolean) => (json: unknown) => {
  const { pointsAwarded, trivia } = (json as Answer).data;
  if (last && trivia?.status !== 'completed') return `the quiz is ${trivia?.status ?? 'unanswered'} after its last answer`;
  const told = trivia?.answers.find((a) => a.questionId === q.questionId)?.correct;
  if (!last) return pointsAwarded === 0 && told === null ? null : `an answer in progress awarded ${pointsAwarded} and said correct: ${told}`;
  return pointsAwarded === trivia?.score ? null : `the completed quiz paid ${pointsAwarded} points for a score of ${trivia?.score}`;
};

/**
 * CPU a phase cost: this process (the API and the requests it is sent; in process, so no HTTP) and, on a local
 * PostgreSQL, its backends. Per operation, these hold on a busy machine where ops/s does not.
 */
async function measured<T>(meter: CostMeter | undefined, task: () => Promise<T>): Promise<{ result: T; cost: PhaseCpu }> {
  const before = process.cpuUsage();
  if (!meter) {
    const result = await task();
    const used = process.cpuUsage(before);
    return { result, cost: { nodeMs: (used.user + used.system) / 1000 } };
  }
  const { result, cost } = await meter.measure({ app: [], nginx: [] }, task);
  return { result, cost: { nodeMs: cost.scriptMs, ...(cost.postgresMs === undefined ? {} : { postgresMs: cost.postgresMs }) } };
}

async function measure(target: Target): Promise<boolean> {
  await seedDemo(target.db);
  const mailer = createMailer({ from: 'Terrace <no-reply@localhost>', logger: { info: () => {}, error: console.error } });
  const mediaDir = mkdtempSync(join(tmpdir(), 'terrace-bench-media-'));
  const app = createApp({ db: target.db, mailer, secret: randomBytes(32).toString('hex'), publicUrl: 'http://localhost', production: false, mediaDir });
  const send: Send = (path, init) => app.request(path, init);
  const meter = target.url ? await openCostMeter(target.url) : undefined;
  try {
    const users = await createSignedInUsers(target.db, USERS);
    const [poll, keyword, quiz] = await Promise.all(
      (['poll', 'keyword', 'trivia'] as const).map((subtype) => openChallenge(send, users[0]!.token, subtype)),
    );
    const questions = quiz!.challengeType?.questions ?? [];
    // A live sweepstake of one point an entry, with room for every entry the phase makes.
    const { id: organizationId } = await target.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    const sweepstake = await createSweepstake(target.db, {
      organizationId, slug: 'bench-draw', title: 'Bench draw', description: 'For the bench.', prize: 'nothing', prizeValue: 0, currency: 'GBP',
      sponsor: 'Bench', mediaId: null, costPerEntry: 1, maxEntriesPerSupporter: ENTRIES_PER_USER, winnerCount: 1,
      startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    console.log(`${target.name}: poll "${poll!.title}", keyword "${keyword!.title}", quiz "${quiz!.title}" (${questions.length} questions)`);

    const path = (c: Challenge) => `/api/challenge/${c.challengeId}`;
    const phases: Array<[label: string, jobs: Job[]]> = [
      ['POST /api/checkin', users.map((u) => [post(u.token, '/api/checkin')])],
      // Votes spread over the options, as real ones would be.
      ['poll vote', users.map((u, i) => [{ ...post(u.token, path(poll!), { poll: { responseIndex: i % poll!.options.length } }), check: awards(poll!.value) }])],
      ['keyword answer', users.map((u) => [{ ...post(u.token, path(keyword!), { input: { response: 'Lamplighter' } }), check: awards(keyword!.value) }])],
      // Each user answers every question in turn; answers vary so that scores (and awards) do too.
      ['quiz answers', users.map((u, i) => questions.map((q, n) => ({
        ...post(u.token, path(quiz!), { trivia: { questionId: q.questionId, responseIndex: (i + n) % q.options.length } }),
        check: paysQuizAnswer(q, n === questions.length - 1),
      })))],
      // Every user has earned more than enough by now: each entry is a spend and an entry row, in one transaction.
      ['sweepstake entry', users.map((u) => Array.from({ length: ENTRIES_PER_USER }, () => ({
        ...post(u.token, `/api/sweepstake/${sweepstake.id}/entry`, { count: 1 }), check: spendsOne,
      })))],
    ];

    // Warm-up, not reported: JIT, connection pool and statement caches, with a read that changes nothing.
    const warmUp = await runPhase(send, users.map((u) => [{ method: 'GET', path: '/api/checkin', token: u.token }]), CONCURRENCY);
    if (warmUp.failures > 0) console.log(formatPhase('warm-up GET', warmUp));
    let failures = warmUp.failures;
    for (const [label, jobs] of phases) {
      const { result, cost } = await measured(meter, () => runPhase(send, jobs, CONCURRENCY));
      console.log(formatPhase(label, result, cost));
      failures += result.failures;
    }

    const ledger = await checkLedger(target.db, users);
    const totals = `${USERS} users' points ${ledger.points.toLocaleString('en')}, ${ledger.ledgerRows} ledger rows summing to ${ledger.ledgerSum.toLocaleString('en')}`;
    console.log(ledger.ok ? `  ledger ok: ${totals}` : `  LEDGER MISMATCH: ${totals}, ${ledger.mismatchedUsers} users differ`);
    if (failures > 0) console.log(`  ${failures} request(s) FAILED`);
    return failures === 0 && ledger.ok;
  } finally {
    await meter?.close();
    await mailer.close();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  console.log(`Terrace bench, in process: ${USERS} users, at most ${CONCURRENCY} in flight`);
  const targets: Array<() => Promise<Target>> = [sqliteTarget];
  const url = process.env['TEST_DATABASE_URL'];
  if (url) targets.push(() => postgresTarget(url));
  else console.log('(set TEST_DATABASE_URL=postgres://… to measure PostgreSQL too)');
  let ok = true;
  for (const open of targets) {
    const target = await open();
    try {
      ok = (await measure(target)) && ok;
    } finally {
      await target.close();
    }
  }
  return ok ? 0 : 1;
}

runScript(main);
