import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { hostname } from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from './idempotency.middleware.ts';
import * as repo from './idempotency.repository.ts';
import { PROCESS_OWNER } from './process-owner.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Call { token?: string; key?: string; body?: unknown; ip?: string }
function call(method: string, path: string, { token, key, body, ip }: Call = {}) {
  const extra: Record<string, string> = {};
  if (key !== undefined) extra['Idempotency-Key'] = key;
  if (ip) extra['x-client-ip'] = ip;
  return t.app.request(`/api${path}`, {
    method, headers: headers(token, extra), ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const loginCodes = async (email: string) =>
  (await t.testDb.db.selectFrom('login_codes').select('id').where('email', '=', email).execute()).length;
const storedKey = (key: string) =>
  t.testDb.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();

describe(`idempotent requests (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('replays the first answer byte for byte and does not run the handler again', async () => {
    const { token } = await signIn(t, 'replay@example.com');
    const key = randomUUID();
    const first = await call('PATCH', '/user/me', { token, key, body: { firstName: 'Ana' } });
    expect(first.status).toBe(201);
    expect(first.headers.has('Idempotent-Replayed')).toBe(false);
    const firstBody = await first.text();

    // Someone changes the profile meanwhile, without a key.
    expect((await call('PATCH', '/user/me', { token, body: { firstName: 'Bea' } })).status).toBe(201);

    const again = await call('PATCH', '/user/me', { token, key, body: { firstName: 'Ana' } });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(await again.text()).toBe(firstBody);
    expect(JSON.parse(firstBody).data.firstName).toBe('Ana');

    const me = await call('GET', '/user/me', { token });
    expect((await me.json()).data.firstName).toBe('Bea');
  });

  it('keeps anonymous keys per organization: a repeated sign-in mail is sent once', async () => {
    const email = 'anon-replay@example.com';
    const key = randomUUID();
    const first = await call('POST', '/session/email', { key, body: { email } });
    const again = await call('POST', '/session/email', { key, body: { email } });
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
    expect(await loginCodes(email)).toBe(1);
    expect((await storedKey(key))?.scope).toMatch(/^org:/);
  });

  it('answers 422 when the same key comes with a different body, method or path', async () => {
    const { token } = await signIn(t, 'mismatch@example.com');
    const key = randomUUID();
    expect((await call('PATCH', '/user/me', { token, key, body: { firstName: 'Ana' } })).status).toBe(201);
    for (const [method, path, body] of [
      ['PATCH', '/user/me', { firstName: 'Eve' }],
      ['POST', '/user/me/welcome', undefined],
    ] as const) {
      const res = await call(method, path, { token, key, body });
      expect(res.status).toBe(422);
      const { error } = await res.json();
      expect(error).toMatchObject({ code: 'validation_failed', message: 'This Idempotency-Key was already used for a different request.' });
    }
    expect((await (await call('GET', '/user/me', { token })).json()).data).toMatchObject({ firstName: 'Ana', welcomed: false });
  });

  it('scopes keys to the caller: another user with the same key gets their own answer', async () => {
    const ana = await signIn(t, 'scope-ana@example.com');
    const bob = await signIn(t, 'scope-bob@example.com');
    const key = randomUUID();
    const forAna = await call('PATCH', '/user/me', { token: ana.token, key, body: { lastName: 'Same' } });
    const forBob = await call('PATCH', '/user/me', { token: bob.token, key, body: { lastName: 'Same' } });
    expect([forAna.status, forBob.status]).toEqual([201, 201]);
    expect(forBob.headers.has('Idempotent-Replayed')).toBe(false);
    expect((await forBob.json()).data.email).toBe('scope-bob@example.com');
  });

  it('answers 409 while the first request is still in progress', async () => {
    const { token } = await signIn(t, 'pending@example.com');
    const key = randomUUID();
    expect((await call('PATCH', '/user/me', { token, key, body: { firstName: 'Ana' } })).status).toBe(201);
    await t.testDb.db.updateTable('idempotency_keys').set({ status: 'pending' }).where('key', '=', key).execute();
    const res = await call('PATCH', '/user/me', { token, key, body: { firstName: 'Ana' } });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ code: 'conflict', message: 'The same request is still being processed; retry shortly.' });
  });

  /** What a process killed between claim and completion leaves: a pending claim of a check-in, `ageMs` old. */
  async function abandonedCheckinClaim(email: string, ageMs: number, owner: string | null = null) {
    const { token } = await signIn(t, email);
    const { userId } = (await (await call('GET', '/user/me', { token })).json()).data;
    const key = randomUUID();
    await t.testDb.db.insertInto('idempotency_keys').values({
      scope: `user:${userId}`, key, status: 'pending',
      fingerprint: `POST /api/checkin sha256:${createHash('sha256').digest('hex')}`,
      created_at: new Date(Date.now() - ageMs).toISOString(), owner,
      response_status: null, response_headers: null, response_body: null,
    }).execute();
    const checkins = async () => (await t.testDb.db.selectFrom('ledger_entries').select('id')
      .where('user_id', '=', userId).where('kind', '=', 'checkin').execute()).length;
    return { token, key, checkins };
  }

  it('lets a retry run once a pending claim is older than the lease, as after a crash', async () => {
    const { token, key, checkins } = await abandonedCheckinClaim('crashed@example.com', IDEMPOTENCY_LEASE_MS + 1_000);
    const retried = await call('POST', '/checkin', { token, key });
    expect(retried.status).toBe(200);
    expect(retried.headers.has('Idempotent-Replayed')).toBe(false);
    expect((await retried.json()).data).toMatchObject({ days: 1, eligibleForCheckin: false });
    expect(await checkins()).toBe(1);
    expect(await storedKey(key)).toMatchObject({ status: 'completed', response_status: 200 });

    const again = await call('POST', '/checkin', { token, key });
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await checkins()).toBe(1);
  });

  it('keeps a pending claim younger than the lease: 409, and the request does not run', async () => {
    const { token, key, checkins } = await abandonedCheckinClaim('still-running@example.com', IDEMPOTENCY_LEASE_MS - 5_000);
    const res = await call('POST', '/checkin', { token, key });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('The same request is still being processed; retry shortly.');
    expect(await checkins()).toBe(0);
  });

  it('lets a retry run at once when the claim\'s process is gone (a restart, a dead pid), not when it may live', async () => {
    const exited = spawn(process.execPath, ['-e', '']);
    const deadPid = exited.pid!;
    await once(exited, 'exit');
    const gone = [`${hostname()}/${process.pid}/an-earlier-boot`, `${hostname()}/${deadPid}/its-boot`];
    for (const [i, owner] of gone.entries()) {
      const { token, key, checkins } = await abandonedCheckinClaim(`restarted-${i}@example.com`, 1_000, owner);
      const retried = await call('POST', '/checkin', { token, key });
      expect(retried.status).toBe(200);
      expect(await checkins()).toBe(1);
      expect(await storedKey(key)).toMatchObject({ status: 'completed', owner: PROCESS_OWNER });
    }
    const alive = [PROCESS_OWNER, `another-host/${deadPid}/its-boot`, `${hostname()}/${process.ppid}/a-live-parent`];
    for (const [i, owner] of alive.entries()) {
      const { token, key, checkins } = await abandonedCheckinClaim(`maybe-running-${i}@example.com`, 1_000, owner);
      const res = await call('POST', '/checkin', { token, key });
      expect(res.status).toBe(409);
      expect(await checkins()).toBe(0);
    }
  });

  it('lets only one of several racing retries take an abandoned claim over', async () => {
    const { token, key, checkins } = await abandonedCheckinClaim('racing@example.com', IDEMPOTENCY_LEASE_MS * 10);
    const answers = await Promise.all([1, 2, 3, 4].map(() => call('POST', '/checkin', { token, key })));
    const ran = answers.filter((r) => r.status === 200 && !r.headers.has('Idempotent-Replayed'));
    expect(ran).toHaveLength(1);
    for (const res of answers.filter((r) => r !== ran[0])) {
      expect(res.status === 409 || res.headers.get('Idempotent-Replayed') === 'true').toBe(true);
      if (res.status === 409) expect((await res.json()).error.message).toBe('The same request is still being processed; retry shortly.');
    }
    expect(await checkins()).toBe(1);
  });

  it('does not let a request whose claim was taken over release it or store its answer', async () => {
    const db = t.testDb.db;
    const stale = { scope: 'user:slow', key: randomUUID(), fingerprint: 'POST /api/x sha256:0', created_at: new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1_000).toISOString() };
    const retry = { ...stale, created_at: new Date().toISOString() };
    expect(await repo.insertClaim(db, stale)).toBe(true);
    expect(await repo.takeOverClaim(db, retry, stale.created_at)).toBe(true);
    expect(await repo.takeOverClaim(db, { ...retry, created_at: new Date(Date.now() + 1).toISOString() }, stale.created_at)).toBe(false);
    // The slow first request ends: its answer and its release no longer touch the key.
    await repo.completeKey(db, stale, { status: 201, headers: {}, body: new Uint8Array([1]) });
    await repo.releaseClaim(db, stale);
    expect(await storedKey(stale.key)).toMatchObject({ status: 'pending', created_at: retry.created_at });
    await repo.completeKey(db, retry, { status: 200, headers: {}, body: new Uint8Array([2]) });
    expect(await storedKey(stale.key)).toMatchObject({ status: 'completed', response_status: 200 });
  });

  it('runs two simultaneous requests with one key only once', async () => {
    const email = 'simultaneous@example.com';
    const key = randomUUID();
    const answers = await Promise.all([1, 2].map(() => call('POST', '/session/email', { key, body: { email }, ip: '203.0.113.20' })));
    expect(answers.map((r) => r.status).sort()).toEqual(expect.arrayContaining([202]));
    for (const res of answers) expect([202, 409]).toContain(res.status);
    expect(await loginCodes(email)).toBe(1);
  });

  it('treats a key older than 24 hours as new', async () => {
    const email = 'expired@example.com';
    const key = randomUUID();
    expect((await call('POST', '/session/email', { key, body: { email }, ip: '203.0.113.21' })).status).toBe(202);
    const old = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000).toISOString();
    const aged = await t.testDb.db.updateTable('idempotency_keys').set({ created_at: old }).where('key', '=', key).executeTakeFirst();
    expect(aged.numUpdatedRows).toBe(1n);
    const again = await call('POST', '/session/email', { key, body: { email }, ip: '203.0.113.21' });
    expect(again.status).toBe(202);
    expect(again.headers.has('Idempotent-Replayed')).toBe(false);
    expect(await loginCodes(email)).toBe(2);
    expect(await storedKey(key)).toMatchObject({ status: 'completed', response_status: 202 });
    expect((await storedKey(key))!.created_at > old).toBe(true);
  });

  it('keeps no 5xx answer: the retry runs the request again', async () => {
    const email = 'server-error@example.com';
    const key = randomUUID();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const send = vi.spyOn(t.mailer, 'send').mockImplementationOnce(() => {
      throw new Error('the mailer is down');
    });
    try {
      const failed = await call('POST', '/session/email', { key, body: { email }, ip: '203.0.113.22' });
      expect(failed.status).toBe(500);
      expect(await storedKey(key)).toBeUndefined();
      const retried = await call('POST', '/session/email', { key, body: { email }, ip: '203.0.113.22' });
      expect(retried.status).toBe(202);
      expect(retried.headers.has('Idempotent-Replayed')).toBe(false);
      expect(send).toHaveBeenCalledTimes(2);
      expect((await storedKey(key))?.status).toBe('completed');
    } finally {
      send.mockRestore();
      quiet.mockRestore();
    }
  });

  it('keeps no 429: the client retries it with the same key', async () => {
    const email = 'limited@example.com';
    for (let i = 0; i < 5; i += 1) await call('POST', '/session/email', { body: { email }, ip: '203.0.113.23' });
    const key = randomUUID();
    const limited = await call('POST', '/session/email', { key, body: { email }, ip: '203.0.113.23' });
    expect(limited.status).toBe(429);
    expect(await storedKey(key)).toBeUndefined();
  });

  it('replays a stored 4xx answer too', async () => {
    const { token } = await signIn(t, 'invalid@example.com');
    const key = randomUUID();
    const first = await call('PATCH', '/user/me', { token, key, body: { username: 'a' } });
    expect(first.status).toBe(422);
    const again = await call('PATCH', '/user/me', { token, key, body: { username: 'a' } });
    expect(again.status).toBe(422);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
  });

  it.each([['empty', ''], ['too long', 'k'.repeat(101)], ['spaces', 'not a key'], ['dots', 'a.b']])(
    'refuses a malformed key (%s) with 400',
    async (_, key) => {
      const res = await call('POST', '/session/email', { key, body: { email: 'malformed@example.com' }, ip: '203.0.113.24' });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toMatch(/Idempotency-Key/);
    },
  );

  it('leaves requests without a key, and safe methods, as they were', async () => {
    const { token } = await signIn(t, 'plain@example.com');
    const key = randomUUID();
    expect((await call('GET', '/user/me', { token, key })).status).toBe(200);
    expect(await storedKey(key)).toBeUndefined();
    for (const firstName of ['One', 'Two']) {
      const res = await call('PATCH', '/user/me', { token, body: { firstName } });
      expect(res.headers.has('Idempotent-Replayed')).toBe(false);
      expect((await res.json()).data.firstName).toBe(firstName);
    }
  });

  it('leaves a streamed upload body intact for the handler (the fingerprint reads a copy)', async () => {
    const { token } = await signIn(t, 'upload@example.com');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer();
    const upload = () => t.app.request('/api/media', {
      method: 'POST', headers: headers(token, { 'Content-Type': 'image/png', 'Idempotency-Key': 'upload-1' }),
      body: new Blob([new Uint8Array(png)]).stream(), duplex: 'half',
    } as RequestInit);
    const first = await upload();
    expect(first.status).toBe(201);
    const again = await upload();
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
  });

  it('does not keep the session token that verification answers', async () => {
    const key = randomUUID();
    await call('POST', '/session/email/verify', { key, body: { email: 'verify@example.com', code: '000000' }, ip: '203.0.113.25' });
    expect(await storedKey(key)).toBeUndefined();
  });
});
