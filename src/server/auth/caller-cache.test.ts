// A page request's in-process API calls share one session lookup (issue 11, point 6); every other
// caller (a browser's /api call, a server behind API_ORIGIN) still resolves its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { createDatabase, type Db } from '../db/connection.ts';
import type { CallerCache } from '../env.ts';
import { requestContext } from '../../shared/request-context.server.ts';
import { findLiveSession } from '../session/session.repository.ts';
import { createTestApp, headers, signIn, TEST_SECRET, type TestApp } from '../testing/test-app.ts';
import { hashToken } from './secrets.ts';

let t: TestApp;
let counted: { app: App; db: Db };
let token: string;
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t, 'cache@example.com')).token;
  // A second handle on the same database, logging every statement it runs.
  const db = createDatabase(t.testDb.url, {
    ...(t.testDb.schema ? { schema: t.testDb.schema } : {}),
    log: (event) => { if (event.level === 'query') statements.push(event.query.sql); },
  });
  counted = {
    db,
    app: createApp({ db, mailer: t.mailer, secret: TEST_SECRET, publicUrl: 'http://terrace.test', production: false, mediaDir: t.mediaDir }),
  };
});

afterAll(async () => {
  await counted.db.destroy();
  await t.close();
});

/** Statements reading the sessions table while `run` goes. */
async function sessionLookups(run: () => Promise<unknown>): Promise<number> {
  statements.length = 0;
  await run();
  return statements.filter((text) => /from "sessions"/i.test(text)).length;
}

const get = (path: string, cache?: CallerCache) =>
  counted.app.fetch(new Request(`http://in-process/api/${path}`, { headers: headers(token) }), cache ? { callerCache: cache } : undefined);

describe('the caller of a page request', () => {
  it('is looked up once for the page and all its in-process GETs', async () => {
    const cache: CallerCache = new Map();
    const lookups = await sessionLookups(async () => {
      for (const path of ['user/me', 'checkin', 'challenge']) expect((await get(path, cache)).status).toBe(200);
    });
    expect(lookups).toBe(1);
  });

  it('is looked up on every request that brings no cache (browsers, API_ORIGIN)', async () => {
    const lookups = await sessionLookups(async () => {
      for (const path of ['user/me', 'checkin']) expect((await get(path)).status).toBe(200);
    });
    expect(lookups).toBe(2);
  });

  it('is looked up again after a write, which may have ended the session', async () => {
    const cache: CallerCache = new Map();
    expect((await get('user/me', cache)).status).toBe(200);
    const signOut = await counted.app.fetch(
      new Request('http://in-process/api/session', { method: 'DELETE', headers: headers(token) }), { callerCache: cache },
    );
    expect(signOut.status).toBeLessThan(300);
    expect((await get('user/me', cache)).status).toBe(401);
  });

  it("carries the user's row for GET user/me, read afresh after a write of the same page request", async () => {
    token = (await signIn(t, 'cache-points@example.com')).token;
    const cache: CallerCache = new Map();
    expect((await (await get('user/me', cache)).json()).data.points).toBe(0);
    const checkin = await counted.app.fetch(new Request('http://in-process/api/checkin', { method: 'POST', headers: headers(token) }), { callerCache: cache });
    expect(checkin.status).toBe(200);
    expect((await (await get('user/me', cache)).json()).data.points).toBe(10);
  });
});

describe('the statements of a signed-in page', () => {
  /** Statements run while one page request's GETs run in turn, sharing one cache as the web app does. */
  async function pageStatements(paths: string[]): Promise<string[]> {
    const cache: CallerCache = new Map();
    statements.length = 0;
    for (const path of paths) expect((await get(path, cache)).status).toBe(200);
    return [...statements];
  }

  // The caller with the user's row 1 (session, user and organization joined), user/me 1 (the ranks), checkin 2
  // (the streak; the settings, for what today's check-in is worth), challenge 2 (challenges with exclusions,
  // responses and outcomes; quiz answers). 12 before, 21 before that.
  it('the dashboard gets its data (user, check-in, challenges) in 6 statements', async () => {
    token = (await signIn(t, 'dash@example.com')).token;
    const run = await pageStatements(['user/me', 'checkin', 'challenge']);
    expect(run.length, run.join('\n')).toBeLessThanOrEqual(6);
  });

  // The stories rail: the stories shown now with their chapters and the supporter's views in one statement,
  // and the ranks (only while a rank story is live, for a signed-in adult, who may be of its rank).
  it('the dashboard with its stories rail takes 8', async () => {
    token = (await signIn(t, 'dash-stories@example.com')).token;
    const run = await pageStatements(['user/me', 'checkin', 'challenge', 'content/stories']);
    expect(run.length, run.join('\n')).toBeLessThanOrEqual(8);
  });

  it('a birthday on the profile (not today) costs no statement more', async () => {
    token = (await signIn(t, 'dash-birthday@example.com')).token;
    const patched = await counted.app.fetch(new Request('http://in-process/api/user/me', {
      // Months away from today, in any time zone: paying a birthday bonus is rightly more work.
      method: 'PATCH', headers: headers(token), body: JSON.stringify({ birthday: `1990-${new Date().getUTCMonth() < 6 ? '10' : '03'}-15` }),
    }));
    expect(patched.status).toBe(201);
    const run = await pageStatements(['user/me', 'checkin', 'challenge']);
    expect(run.length, run.join('\n')).toBeLessThanOrEqual(6);
  });

  it('a poll page (user, the poll with its shares) takes 4', async () => {
    const { data } = await (await get('challenge/type/poll')).json() as { data: Array<{ challengeId: string; open: boolean }> };
    const poll = data.find((c) => c.open)!;
    const vote = await counted.app.fetch(new Request(`http://in-process/api/challenge/${poll.challengeId}`, {
      method: 'POST', headers: headers(token), body: JSON.stringify({ poll: { responseIndex: 0 } }),
    }));
    expect(vote.status).toBe(200);
    const run = await pageStatements(['user/me', `challenge/${poll.challengeId}`]);
    expect(run.length, run.join('\n')).toBeLessThanOrEqual(4);
  });

  it('an anonymous caller (the organization key) is looked up in one statement, a session in one', async () => {
    statements.length = 0;
    expect((await counted.app.fetch(new Request('http://in-process/api/challenge', { headers: headers() }))).status).toBe(200);
    expect(statements.filter((text) => /from "(organizations|sessions)"/i.test(text))).toHaveLength(1);
    expect(await sessionLookups(async () => expect((await get('checkin')).status).toBe(200))).toBe(1);
    expect(statements.filter((text) => /from "organizations"/i.test(text))).toHaveLength(0);
  });

  it('is not looked up at all when the page request read the session already (the kept-page lookup), except for a write', async () => {
    const tokenHash = hashToken(token);
    const row = (await findLiveSession(t.testDb.db, tokenHash, new Date().toISOString()))!;
    const cache: CallerCache = new Map();
    const reads = await sessionLookups(() => requestContext.run({ requestId: 'r1', session: { tokenHash, row } }, async () => {
      for (const path of ['user/me', 'checkin', 'challenge']) expect((await get(path, cache)).status).toBe(200);
    }));
    expect(reads).toBe(0);
    // Another token's page never gets this session.
    const other = (await signIn(t, 'cache-other@example.com')).token;
    await requestContext.run({ requestId: 'r2', session: { tokenHash, row } }, async () => {
      const me = await counted.app.fetch(new Request('http://in-process/api/user/me', { headers: headers(other) }), { callerCache: new Map() });
      expect((await me.json()).data.email).toBe('cache-other@example.com');
    });
    const writes = await sessionLookups(() => requestContext.run({ requestId: 'r3', session: { tokenHash, row } }, async () =>
      counted.app.fetch(new Request('http://in-process/api/checkin', { method: 'POST', headers: headers(token) }), { callerCache: new Map() })));
    expect(writes).toBe(1);
  });
});
