// A page request's in-process API calls share one session lookup (issue 11, point 6); every other
// caller (a browser's /api call, a server behind API_ORIGIN) still resolves its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { createDatabase, type Db } from '../db/connection.ts';
import type { CallerCache } from '../env.ts';
import { createTestApp, headers, signIn, TEST_SECRET, type TestApp } from '../testing/test-app.ts';

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
});

describe('the dashboard', () => {
  // user/me 4 (caller 2, user 1, ranks 1), checkin 3, challenge 5; 21 before (the caller, 3 statements, on each of the three calls).
  it('gets its data (user, check-in, challenges) in at most 12 statements', async () => {
    token = (await signIn(t, 'dash@example.com')).token;
    const cache: CallerCache = new Map();
    statements.length = 0;
    for (const path of ['user/me', 'checkin', 'challenge']) expect((await get(path, cache)).status).toBe(200);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(12);
  });
});
