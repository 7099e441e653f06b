import { Agent, request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createSignedInUsers } from '../bench/database.ts';
import { startDeployment } from '../harness/deployment.ts';
import { freshPostgres } from '../harness/fresh-database.ts';
import { createDatabase } from '../../src/server/db/connection.ts';
import { startTestSmtpServer } from '../../src/server/testing/smtp.ts';
import { APP_PORT } from './support/ports.ts';

// docs/operations.md, "A rolling restart": two built servers on one PostgreSQL database behind nginx run with
// deploy/nginx.conf, a steady stream of supporters through nginx (each checks in, reads their points, votes and
// opens the dashboard), and each process restarted in turn (SIGTERM, a new one on its port, waited for until
// GET /api/ready answers 200 and nginx sends it requests again). Not one request may fail: every answer is the
// one a supporter expects.
test.describe.configure({ mode: 'serial' });

interface Outcome { at: number; what: string; status: number | string }

/** One request through nginx with the supporter's cookie; the status, or what went wrong. */
function send(agent: Agent, origin: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<number | string> {
  const url = new URL(origin);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const outgoing = request({
      host: url.hostname, port: url.port, method, path, agent, timeout: 30_000,
      headers: {
        accept: path.startsWith('/api/') ? 'application/json' : 'text/html', cookie: `terrace_session=${token}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'idempotency-key': randomUUID() }),
      },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', (error) => resolve(`answer cut: ${error.message}`));
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 30 s')));
    outgoing.on('error', (error) => resolve(`no answer: ${error.message}`));
    outgoing.end(payload);
  });
}

// Registered only where PostgreSQL is available (CI sets TEST_DATABASE_URL).
const adminUrl = process.env['TEST_DATABASE_URL'];
if (adminUrl) test('restarting each of two processes behind nginx in turn fails no request of a steady stream', async () => {
  test.setTimeout(240_000);
  const database = await freshPostgres(adminUrl, 'rolling');
  const smtp = await startTestSmtpServer();
  const deployment = await startDeployment({ databaseUrl: database.url, smtpUrl: smtp.url, processes: 2, firstPort: APP_PORT + 90 });
  const agent = new Agent({ keepAlive: true });
  try {
    const db = createDatabase(database.url);
    const supporters = await createSignedInUsers(db, 1_500);
    // Through onboarding (a membership chosen, the welcome seen), so the dashboard renders rather than redirects.
    const now = new Date().toISOString();
    await db.updateTable('users').set({ membership_chosen_at: now, welcomed_at: now, properties: JSON.stringify({ membership: 'entry' }) }).execute();
    await db.destroy();
    const listed = await fetch(`${deployment.origin}/api/challenge/type/poll`, { headers: { cookie: `terrace_session=${supporters[0]!.token}` } });
    const poll = ((await listed.json()) as { data: Array<{ challengeId: string; subtype: string }> }).data.find((c) => c.subtype === 'poll')!;

    // Up to 20 supporters a second, each sending their four requests one after the other: about 80 requests a
    // second. At most 10 supporters at a time: on a machine busy with other work, an open stream would queue
    // requests past any timeout while one process serves alone, and the test would measure the machine, not
    // the restart.
    const outcomes: Outcome[] = [];
    const turns: Array<Promise<void>> = [];
    const inFlight = new Set<Promise<void>>();
    let streaming = true;
    const turn = async (token: string) => {
      for (const [method, path, body] of [
        ['POST', '/api/checkin', {}], ['GET', '/api/user/me/points'], ['POST', `/api/challenge/${poll.challengeId}`, { poll: { responseIndex: 0 } }], ['GET', '/dashboard'],
      ] as Array<['GET' | 'POST', string, unknown]>) {
        outcomes.push({ at: Date.now(), what: `${method} ${path}`, status: await send(agent, deployment.origin, token, method, path, body) });
      }
    };
    const stream = (async () => {
      for (const supporter of supporters) {
        if (!streaming) return;
        while (inFlight.size >= 10) await Promise.race(inFlight);
        const started = turn(supporter.token).finally(() => inFlight.delete(started));
        inFlight.add(started);
        turns.push(started);
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the stream ran out of supporters before both restarts were done');
    })();

    const windows: Array<[number, number]> = [];
    await expect.poll(() => outcomes.length, { timeout: 30_000 }).toBeGreaterThan(100);
    for (const index of [0, 1]) {
      const started = Date.now();
      await deployment.restart(index);
      windows.push([started, Date.now()]);
      // As docs/operations.md says: the next process stops once nginx sends this one requests again.
      await deployment.servingAgain(index);
    }
    streaming = false;
    await stream;
    await Promise.all(turns);

    console.log(`${outcomes.length} requests; restarts took ${windows.map(([a, b]) => `${b - a} ms`).join(' and ')}, `
      + `answered meanwhile: ${windows.map(([a, b]) => outcomes.filter((o) => o.at >= a && o.at <= b).length).join(' and ')}`);
    const failed = new Map<string, number>();
    for (const o of outcomes.filter((o) => o.status !== 200)) failed.set(`${o.what}: ${o.status}`, (failed.get(`${o.what}: ${o.status}`) ?? 0) + 1);
    expect(Object.fromEntries(failed), `of ${outcomes.length} requests; nginx said:\n${deployment.nginx.errors().split('\n').slice(0, 60).join('\n')}`).toEqual({});
    // The stream went on through both restarts: requests were answered while each process was away.
    for (const [from, to] of windows) expect(outcomes.filter((o) => o.at >= from && o.at <= to).length).toBeGreaterThan(20);
    // A refused connection is how nginx finds a process away (and passes the request on); a connection the app
    // closed under a request, or no process left to try, would be a failure the statuses could hide.
    expect(deployment.nginx.errors()).not.toMatch(/prematurely closed|reset by peer|no live upstreams/);
  } finally {
    agent.destroy();
    await deployment.stop();
    await smtp.close();
    await database.drop();
  }
});
