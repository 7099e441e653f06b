import type { CacheProvider } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPENDENCIES, FOR_SUPPORTER } from '../../../shared/kept-pages.ts';
import { hashToken } from '../../auth/secrets.ts';
import { createDatabase, type Db } from '../../db/connection.ts';
import { findLiveSession } from '../../session/session.repository.ts';
import { createTestApp, headers, signIn, type TestApp } from '../../testing/test-app.ts';
import { createKeptPages } from './kept-pages.ts';
import { lookUpsOver } from './provider.ts';

// Two processes behind a load balancer, each with its own connection and its own kept pages, over one
// database (PostgreSQL with TEST_DATABASE_URL): a write answered by one is never followed by a page from
// before it on the other.
let t: TestApp;
let otherDb: Db;
let processes: Array<{ kept: CacheProvider; db: Db }>;

beforeAll(async () => {
  t = await createTestApp();
  otherDb = createDatabase(t.testDb.url, t.testDb.schema ? { schema: t.testDb.schema } : {});
  processes = [t.testDb.db, otherDb].map((db) => ({
    db,
    kept: createKeptPages({ sessionCookie: 'terrace_session', supporters: true, ...lookUpsOver(db), onError: (error) => { throw error; } }),
  }));
});
afterAll(async () => {
  await otherDb.destroy();
  await t.close();
});

/** Stands in for the dashboard: the supporter's balance as this process reads it, declared as src/pages/dashboard.astro does. */
async function dashboard(at: number, token: string, dependsOn = [DEPENDENCIES.own, DEPENDENCIES.club]) {
  const { kept, db } = processes[at]!;
  const request = new Request('http://terrace.test/dashboard', { headers: { cookie: `terrace_session=${token}` } });
  const response = await kept.onRequest!({ request, url: new URL(request.url), logger: console as never }, async () => {
    const session = await findLiveSession(db, hashToken(token), new Date().toISOString());
    return new Response(`points ${session?.points}`, {
      headers: {
        'content-type': 'text/html', 'cache-control': 'private, no-store',
        'CDN-Cache-Control': 'max-age=60', 'Cache-Tag': [FOR_SUPPORTER, ...dependsOn].join(', '),
      },
    });
  });
  return { cache: response.headers.get('x-astro-cache'), html: await response.text() };
}

describe(`kept pages in two processes (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('serves no page from before a write answered by the other process, and leaves others\' pages kept', async () => {
    const { token } = await signIn(t, 'kept-two-processes@example.com');
    const { token: theirs } = await signIn(t, 'kept-two-processes-other@example.com');
    for (const at of [0, 1]) {
      expect(await dashboard(at, token)).toEqual({ cache: 'MISS', html: 'points 0' });
      expect(await dashboard(at, token)).toEqual({ cache: 'HIT', html: 'points 0' });
      await dashboard(at, theirs);
    }
    // Process 0's API answers the check-in.
    expect((await t.app.request('/api/checkin', { method: 'POST', headers: headers(token) })).status).toBe(200);
    for (const at of [0, 1]) {
      expect(await dashboard(at, token)).toEqual({ cache: 'MISS', html: 'points 10' });
      expect((await dashboard(at, theirs)).cache).toBe('HIT');
    }
  });

  it('makes every page that depends on the club afresh after an operator\'s write, refused or not', async () => {
    const { token } = await signIn(t, 'kept-two-processes-club@example.com');
    await dashboard(1, token);
    await dashboard(1, token, [DEPENDENCIES.own]);
    const operator = await t.app.request('/api/admin/challenges/no-such-challenge/outcome', {
      method: 'POST', headers: { ...headers(t.ownerKey), 'content-type': 'application/json' }, body: JSON.stringify({ responseIndex: 0 }),
    });
    expect(operator.status).toBeGreaterThanOrEqual(400);
    expect((await dashboard(1, token)).cache).toBe('MISS');
    expect((await dashboard(1, token, [DEPENDENCIES.own])).cache).toBe('HIT');
  });
});
