import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { HANG_LIMIT_MS } from '../testing/hang-limit.ts';
import { startTestSmtpServer } from '../testing/smtp.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { signIn, TEST_SECRET, type TestSmtp } from '../testing/test-app.ts';
import { operatorKey } from '../testing/operators.ts';

/**
 * kill -9 in the middle of a load: the API runs in a child process over the test database, a batch
 * of check-ins and poll votes is in flight with Idempotency-Keys, and the child is killed. After a
 * restart every unanswered request is retried once with its key: each must get its answer at once
 * (the restarted server sees the claims' process is gone: no 409 "still being processed", however
 * long the lease), and every effect must exist exactly once; the polls' tallies count every vote once. The
 * club's adjustments (a credit per supporter, by an owner's key) ride in the same batch, and so do erasures
 * of a quarter of the supporters (who send nothing themselves): their ledger stays whole and sums right.
 */

const SERVER_SCRIPT = fileURLToPath(new URL('../testing/api-server.ts', import.meta.url));
/** Longer than the test: only the claim's dead owner, never the lease's end, can let a retry through. */
const LEASE_MS = 10 * 60_000;
const USERS = 24;
const MAX_CRASHES = 6;
const STILL_PROCESSING = 'The same request is still being processed; retry shortly.';

let testDb: TestDb;
let smtp: TestSmtp;
let mailer: Mailer;
let app: App;
let mediaDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  [testDb, smtp] = await Promise.all([createTestDb(), startTestSmtpServer()]);
  mailer = createMailer({ smtpUrl: smtp.url, from: 'Terrace FC <no-reply@terrace.test>' });
  mediaDir = mkdtempSync(join(tmpdir(), 'terrace-crash-media-'));
  app = createApp({ db: testDb.db, mailer, secret: TEST_SECRET, publicUrl: 'http://terrace.test', production: false, mediaDir });
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await mailer.close();
  await smtp.close();
  await testDb.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

async function startServer(): Promise<string> {
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    env: {
      ...process.env, TEST_API_DATABASE_URL: testDb.url, TEST_API_SCHEMA: testDb.schema ?? '',
      TEST_API_SMTP_URL: smtp.url, TEST_API_MEDIA_DIR: mediaDir, TEST_API_LEASE_MS: String(LEASE_MS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  for await (const chunk of child.stdout!) {
    output += String(chunk);
    const port = /listening (\d+)/.exec(output)?.[1];
    if (port) return `http://127.0.0.1:${port}`;
  }
  throw new Error(`the API server stopped before listening: ${output}`);
}

interface Call { token: string; path: string; body?: string; key: string }
type Answer = { status: number; text: string; replayed: boolean };

async function send(base: string, call: Call): Promise<Answer> {
  const res = await fetch(`${base}${call.path}`, {
    method: 'POST', body: call.body ?? null,
    headers: { Authorization: `Bearer ${call.token}`, 'Content-Type': 'application/json', 'Idempotency-Key': call.key },
  });
  return { status: res.status, text: await res.text(), replayed: res.headers.get('Idempotent-Replayed') === 'true' };
}

const isStillHeld = (answer: Answer) => answer.status === 409 && answer.text.includes(STILL_PROCESSING);

/** Sends the calls to a new server and kills it as soon as a claim is seen pending. */
async function sendAndKill(calls: Call[], answers: Map<Call, Answer>): Promise<void> {
  const base = await startServer();
  const victim = children.at(-1)!;
  const exited = once(victim, 'exit');
  let settled = false;
  const inFlight = Promise.all(calls.map((call) => send(base, call).then((answer) => {
    if (!isStillHeld(answer)) answers.set(call, answer);
  }, () => undefined))).finally(() => {
    settled = true;
  });
  while (!settled) {
    // A macrotask each turn: the SQLite driver answers in microtasks, which would starve the sockets.
    await new Promise((r) => setImmediate(r));
    if (await testDb.db.selectFrom('idempotency_keys').select('key').where('status', '=', 'pending').executeTakeFirst()) break;
  }
  victim.kill('SIGKILL');
  await Promise.all([inFlight, exited]);
}

describe(`a crash between claim and completion (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('answers every retry after a restart, and pays every award exactly once', { timeout: HANG_LIMIT_MS }, async () => {
    const users = await Promise.all(Array.from({ length: USERS }, async (_, i) => {
      const { token } = await signIn({ app, smtp }, `crash-${i}@example.com`);
      const { userId } = (await (await app.request('/api/user/me', { headers: { Authorization: `Bearer ${token}` } })).json()).data;
      return { token, userId: userId as string };
    }));
    const challenges = (await (await app.request('/api/challenge', { headers: { Authorization: `Bearer ${users[0]!.token}` } })).json()).data;
    const polls = (challenges as { challengeId: string; subtype: string }[]).filter((c) => c.subtype === 'poll').slice(0, 2);
    expect(polls).toHaveLength(2);
    const owner = await operatorKey(testDb.db, 'owner');
    const erased = (i: number) => i % 4 === 0;
    const calls: Call[] = users.flatMap(({ token, userId }, i) => [
      { token: owner, path: `/api/admin/members/${userId}/adjustments`, body: '{"points":7,"reason":"Crash test"}', key: randomUUID() },
      ...(erased(i) ? [{ token: owner, path: `/api/admin/members/${userId}/erase`, body: '{"reason":"Crash test"}', key: randomUUID() }] : [
        { token, path: '/api/checkin', key: randomUUID() },
        ...polls.map((p) => ({ token, path: `/api/challenge/${p.challengeId}`, body: '{"poll":{"responseIndex":0}}', key: randomUUID() })),
      ]),
    ]);

    // The batch goes out at once, and the server is killed the moment a claim is seen pending (taken,
    // its request not finished). A kill that lands just after the request finished left no such
    // claim: then the server starts again, the unanswered requests go out again, and it is killed again.
    const answers = new Map<Call, Answer>();
    const pendingClaims = () => testDb.db.selectFrom('idempotency_keys').select('key').where('status', '=', 'pending').execute();
    for (let crash = 0; crash < MAX_CRASHES && (await pendingClaims()).length === 0; crash += 1) {
      await sendAndKill(calls.filter((call) => !answers.has(call)), answers);
    }
    const unanswered = calls.filter((call) => !answers.has(call));
    expect(unanswered.length).toBeGreaterThan(0);
    // The kill left claims behind with no answer: the case a retry used to find stuck for 24 hours.
    expect((await pendingClaims()).length).toBeGreaterThan(0);

    const second = await startServer();
    const retried = await Promise.all(unanswered.map((call) => send(second, call)));
    for (const [i, answer] of retried.entries()) {
      const call = unanswered[i]!;
      expect(answer.text, `${call.path} after the restart`).not.toContain(STILL_PROCESSING);
      expect(answer.status, `${call.path}: ${answer.text}`).toBeLessThan(500);
      // 200 (201 for an adjustment, 204 for an erasure: the same one when the killed request had committed), or
      // the refusal of a second go when the killed request had committed before it died.
      if (![200, 201, 204].includes(answer.status)) expect(answer.text).toMatch(/already/i);
    }
    // Answers given before the kill are replayed as they were.
    for (const [call, before] of answers) {
      const again = await send(second, call);
      expect({ status: again.status, text: again.text, replayed: again.replayed }).toEqual({ ...before, replayed: true });
    }

    // Every check-in and every vote happened once: nothing lost, nothing doubled, balances agree.
    const entries = await testDb.db.selectFrom('ledger_entries').select(['user_id', 'kind', 'reference', 'amount'])
      .where('user_id', 'in', users.map((u) => u.userId)).execute();
    for (const [i, { userId }] of users.entries()) {
      const own = entries.filter((e) => e.user_id === userId);
      expect(own.filter((e) => e.kind === 'checkin')).toHaveLength(erased(i) ? 0 : 1);
      for (const poll of polls) expect(own.filter((e) => e.reference === poll.challengeId)).toHaveLength(erased(i) ? 0 : 1);
      const { erased_at } = await testDb.db.selectFrom('users').select('erased_at').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(erased_at !== null, `supporter ${i} erased`).toBe(erased(i));
      expect(own.filter((e) => e.kind === 'adjustment').map((e) => Number(e.amount))).toEqual([7]);
      const adjustments = await testDb.db.selectFrom('member_adjustments').select(['status', 'ledger_entry_id']).where('user_id', '=', userId).execute();
      expect(adjustments).toEqual([{ status: 'applied', ledger_entry_id: expect.any(String) }]);
      const user = await testDb.db.selectFrom('users').select(['points', 'lifetime_points']).where('id', '=', userId).executeTakeFirstOrThrow();
      expect(Number(user.points)).toBe(own.reduce((sum, e) => sum + Number(e.amount), 0));
      expect(Number(user.lifetime_points)).toBe(own.reduce((sum, e) => sum + Math.max(0, Number(e.amount)), 0));
    }
    expect(await pendingClaims()).toEqual([]);
    for (const poll of polls) {
      const votes = await testDb.db.selectFrom('challenge_responses').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('challenge_id', '=', poll.challengeId).executeTakeFirstOrThrow();
      const tallied = await testDb.db.selectFrom('poll_tallies').select((eb) => eb.fn.sum<number>('votes').as('n'))
        .where('challenge_id', '=', poll.challengeId).executeTakeFirstOrThrow();
      expect(Number(tallied.n)).toBe(Number(votes.n));
    }
  });
});
