import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createTestApp, TEST_SECRET, type TestApp } from '../testing/test-app.ts';
import { devMailRoutes, isLoopback } from './dev-mail.routes.ts';
import { clearOutbox, listOutbox, recordInOutbox } from './outbox.ts';

const routes = new OpenAPIHono().route('/', devMailRoutes);
/** The developer's own browser: the web server sets x-client-ip from the socket. */
const app = { request: (path: string, init: RequestInit = {}) => routes.request(path, { ...init, headers: { 'x-client-ip': '127.0.0.1' } }) };

beforeEach(() => {
  clearOutbox();
  recordInOutbox({ to: 'first@example.com', subject: 'First', text: 'code 111111' }, new Date('2025-01-01T10:00:00Z'));
  recordInOutbox({ to: 'second@example.com', subject: 'Second', text: 'code 222222', html: '<p>2</p>' },
    new Date('2025-01-01T10:01:00Z'));
});

describe('GET /dev/mail', () => {
  it('lists the kept messages newest first', async () => {
    const res = await app.request('/dev/mail');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toEqual([
      { id: expect.any(String), to: 'second@example.com', subject: 'Second', text: 'code 222222', sentAt: '2025-01-01T10:01:00.000Z' },
      { id: expect.any(String), to: 'first@example.com', subject: 'First', text: 'code 111111', sentAt: '2025-01-01T10:00:00.000Z' },
    ]);
    expect(data[0].id).not.toBe(data[1].id);
  });

  it('filters by recipient, in any letter case', async () => {
    const res = await app.request('/dev/mail?to=FIRST@example.com');
    const { data } = await res.json();
    expect(data.map((m: { subject: string }) => m.subject)).toEqual(['First']);
  });
});

describe('DELETE /dev/mail', () => {
  it('empties the outbox and answers 204', async () => {
    const res = await app.request('/dev/mail', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(listOutbox()).toEqual([]);
    expect((await (await app.request('/dev/mail')).json()).data).toEqual([]);
  });
});

describe('who may read the development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const appWith = (overrides: { production?: boolean; devMailInProcess?: boolean }) => createApp({
    db: t.testDb.db, mailer: t.mailer, secret: TEST_SECRET, publicUrl: 'http://terrace.test', production: false,
    mediaDir: t.mediaDir, ...overrides,
  });
  const get = (target: { request: typeof t.app.request }, path: string, address?: string) =>
    target.request(path, address === undefined ? {} : { headers: { 'x-client-ip': address } });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('answers a loopback caller (%s)', async (address) => {
    const res = await get(t.app, '/api/dev/mail', address);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toHaveLength(2);
  });

  it.each(['203.0.113.7', '10.0.0.2', '192.168.1.20', '::ffff:10.0.0.2', 'fe80::1', '2001:db8::1', 'unknown', '', '127.0.0.1, 203.0.113.7'])(
    'answers %j with the 404 of an unknown route, and keeps the outbox', async (address) => {
      for (const method of ['GET', 'DELETE']) {
        const res = await t.app.request('/api/dev/mail', { method, headers: { 'x-client-ip': address } });
        expect(res.status).toBe(404);
        const { error } = await res.json();
        expect(error).toMatchObject({ code: 'not_found', message: `No API route for ${method} /api/dev/mail.` });
        expect(Object.keys(error)).toEqual(['code', 'message', 'requestId']);
      }
      expect(listOutbox()).toHaveLength(2);
    },
  );

  it('refuses a call without a client address, unless the app was made for in-process tests', async () => {
    expect((await get(t.app, '/api/dev/mail')).status).toBe(404);
    expect((await get(appWith({ devMailInProcess: true }), '/api/dev/mail')).status).toBe(200);
    expect((await get(appWith({ devMailInProcess: true }), '/api/dev/mail', '203.0.113.7')).status).toBe(404);
  });

  it('does not exist in production, not even for a loopback caller', async () => {
    const production = appWith({ production: true, devMailInProcess: true });
    for (const address of ['127.0.0.1', undefined]) {
      const res = await get(production, '/api/dev/mail', address);
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe('No API route for GET /api/dev/mail.');
    }
    const doc = await (await get(production, '/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).not.toContain('/dev/mail');
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.2'].every(isLoopback)).toBe(true);
    expect(['128.0.0.1', '0.0.0.0', '::', '::2', 'localhost', '127.0.0.1.nip.io', ''].some(isLoopback)).toBe(false);
  });
});
