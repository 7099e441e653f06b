// `npm run chaos`: the crash test. Supporters (CHAOS_SUPPORTERS, default 20) earn points over HTTP on the
// built server, every request with its own Idempotency-Key and all supporters at once; after a random
// 0.5-2 s the server is killed with SIGKILL, restarted on the same database, and every request that got
// no answer is sent again, once, with the same key and body, right after the restart: the restarted server
// sees that the claims the killed process left are dead, so none may answer 409 "still being processed";
// answered requests are replayed too. Then: every balance equals the sum of its history, every acknowledged
// award is in the history once, no award is doubled, every retry got its answer at once.
// SQLite always; PostgreSQL too with TEST_DATABASE_URL (or CHAOS_DATABASE_URL). Exits 1 on any violation.
import { randomBytes } from 'node:crypto';
import { exitCleanlyOnSignals, runScript } from '../harness/cleanup.ts';
import { freePort, startServer, type RunningServer } from '../harness/server.ts';
import { signInSupporter } from '../harness/supporter.ts';
import { type Attempt, isStillProcessing, sendAction, toAnswer } from './attempts.ts';
import { ledgerViolations, replayViolations, retryViolations } from './checks.ts';
import { type Challenge, planFor } from './plan.ts';
import { checkEachDatabase, type FreshDatabase } from '../harness/fresh-database.ts';
import { closeConnections, send } from '../harness/http.ts';
import { inPool } from '../harness/pool.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../src/server/testing/smtp.ts';
import { seeded } from '../harness/seeded.ts';

const SUPPORTERS = Number(process.env['CHAOS_SUPPORTERS'] ?? 20);
const SEED = Number(process.env['CHAOS_SEED'] ?? Date.now() % 1_000_000);
const PREFERRED_PORT = 4393;
const REQUEST_TIMEOUT_MS = 10_000;

export interface Supporter { index: number; token: string }

async function signIn(origin: string, smtp: TestSmtpServer): Promise<Supporter[]> {
  const run = randomBytes(3).toString('hex');
  const supporters: Supporter[] = [];
  await inPool([...Array(SUPPORTERS).keys()], 5, async (index) => {
    const { token } = await signInSupporter(origin, smtp, `chaos.${run}.${index}@example.com`);
    supporters.push({ index, token });
  });
  return supporters.sort((a, b) => a.index - b.index);
}

/** Each supporter starts at a random moment of the first 2.5 s and sends its requests one after another. */
async function load(origin: string, attempts: Attempt[][], random: () => number): Promise<void> {
  await Promise.all(attempts.map(async (mine) => {
    await new Promise((resolve) => setTimeout(resolve, random() * 2_500));
    for (const attempt of mine) {
      const outcome = await sendAction(origin, attempt, REQUEST_TIMEOUT_MS);
      const answer = toAnswer(outcome);
      if (answer) attempt.first = answer;
      else attempt.firstError = outcome.kind === 'none' ? outcome.reason : 'not sent';
    }
  }));
}

/** The same request again, once: after the restart no claim of the killed process may hold it back. */
async function again(origin: string, attempt: Attempt): Promise<void> {
  const outcome = await sendAction(origin, attempt, REQUEST_TIMEOUT_MS);
  const answer = toAnswer(outcome);
  if (!answer) attempt.againError = outcome.kind === 'none' ? outcome.reason : 'not sent';
  else attempt.again = answer;
}

async function crashTest(database: FreshDatabase): Promise<boolean> {
  console.log(`\n=== ${database.name} (CHAOS_SEED=${SEED}) ===`);
  const random = seeded(SEED);
  const smtp = await startTestSmtpServer();
  // A restart must keep the secret, or every session would be lost with it.
  const env = { APP_SECRET: randomBytes(32).toString('hex') };
  const port = await freePort(PREFERRED_PORT);
  let server: RunningServer = await startServer(port, smtp.url, { databaseUrl: database.url, env, timeoutMs: 300_000 });
  const violations: string[] = [];
  try {
    const supporters = await signIn(server.origin, smtp);
    const list = await send(server.origin, { method: 'GET', path: '/api/challenge', headers: { authorization: `Bearer ${supporters[0]!.token}` }, label: 'challenges' });
    const challenges = (JSON.parse(list.kind === 'answer' ? list.text ?? '' : '{}') as { data: Challenge[] }).data;
    const attempts = supporters.map((s) => planFor(s.index, challenges, random).map((action): Attempt => ({ supporter: s.index, token: s.token, action })));
    const all = attempts.flat();
    console.log(`${supporters.length} supporters signed in; ${all.length} requests planned (${all.length / supporters.length} each)`);

    const killAfter = 500 + random() * 1_500;
    const loading = load(server.origin, attempts, random);
    await new Promise((resolve) => setTimeout(resolve, killAfter));
    const answeredAtKill = all.filter((a) => a.first).length;
    await server.kill();
    console.log(`SIGKILL after ${Math.round(killAfter)} ms, with ${answeredAtKill} of ${all.length} requests answered`);
    await loading;
    closeConnections();

    server = await startServer(port, smtp.url, { databaseUrl: database.url, env, timeoutMs: 120_000 });
    console.log(`restarted on the same database: ${server.origin}`);
    const unanswered = all.filter((a) => !a.first);
    const answered = all.filter((a) => a.first);
    // Per supporter in the original order, as that supporter's app would retry.
    await Promise.all(attempts.map(async (mine) => {
      for (const attempt of mine.filter((a) => !a.first)) await again(server.origin, attempt);
    }));
    await inPool(answered, 8, (attempt) => again(server.origin, attempt));

    violations.push(...retryViolations(unanswered), ...replayViolations(answered));
    const ledger = await ledgerViolations(server.origin, supporters, attempts);
    violations.push(...ledger.violations);
    const { entries, acknowledged } = ledger;

    const count = (list: Attempt[], pick: (a: Attempt) => boolean) => list.filter(pick).length;
    console.log(`before the kill: ${answered.length} answered (${count(answered, (a) => a.first!.status < 300)} 2xx, `
      + `${count(answered, (a) => a.first!.status >= 400 && a.first!.status < 500)} 4xx, ${count(answered, (a) => a.first!.status >= 500)} 5xx); ${unanswered.length} without an answer`);
    console.log(`retries after the restart: ${count(unanswered, (a) => (a.again?.status ?? 0) < 300 && !!a.again)} 2xx, `
      + `${count(unanswered, (a) => !!a.again && a.again.status >= 400 && a.again.status < 500 && !isStillProcessing(a.again))} refused, `
      + `${count(unanswered, (a) => isStillProcessing(a.again))} stuck ("still being processed"), ${count(unanswered, (a) => !a.again || a.again.status >= 500)} failed`);
    console.log(`replays of answered requests: ${count(answered, (a) => a.again?.status === a.first!.status)} of ${answered.length} with the same status`);
    console.log(`ledger: ${entries} entries over ${supporters.length} supporters; ${acknowledged} acknowledged awards checked`);
  } finally {
    await server.stop();
    await smtp.close();
    closeConnections();
  }
  console.log(violations.length ? `${violations.length} violation(s):` : 'no violations');
  for (const v of violations) console.log(`  VIOLATION ${v}`);
  return violations.length === 0;
}

async function main(): Promise<number> {
  exitCleanlyOnSignals();
  if (!Number.isInteger(SUPPORTERS) || SUPPORTERS < 1 || SUPPORTERS > 90) throw new Error('CHAOS_SUPPORTERS must be a whole number from 1 to 90');
  const ok = await checkEachDatabase('chaos', ['CHAOS_DATABASE_URL', 'TEST_DATABASE_URL'], crashTest);
  console.log(ok ? '\nchaos: no violations' : '\nchaos: FAILED');
  return ok ? 0 : 1;
}

runScript(main);
