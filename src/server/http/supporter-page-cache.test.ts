import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noteFormKey } from '../../shared/request-context.server.ts';
import { createHttpServer, type NodeHandler } from './serve.ts';
import { createSupporterPageCache, cutAtKeys, withNewKeys, type PageViewer } from './supporter-page-cache.ts';

// Stands in for Astro: a signed-in page marked `private, no-store` as src/middleware.ts marks it, with a
// form key written twice (a hidden field and an island's props), counting renders.
let renders = 0;
let status = 200;
const handler: NodeHandler = (req, res) => {
  renders += 1;
  const key = crypto.randomUUID();
  noteFormKey(key);
  res.statusCode = status;
  res.setHeader('content-type', 'text/html');
  res.setHeader('content-security-policy', "script-src 'self' 'sha256-abc'");
  if (!req.url?.includes('nostore-missing')) res.setHeader('cache-control', 'private, no-store');
  if (req.url?.includes('toast')) res.setHeader('set-cookie', 'terrace_flash=; Max-Age=0');
  const language = /terrace_lang=es/.test(String(req.headers.cookie)) ? 'es' : 'en';
  res.end(`<html lang="${language}"><input name="idempotencyKey" value="${key}"><i props="{&quot;k&quot;:&quot;${key}&quot;}"></i>render ${renders}</html>`);
};

const TOKEN = 'a'.repeat(43);
const viewers = new Map<string, PageViewer>();
let clock = Date.parse('2026-11-25T12:00:00Z');
let nextChange: number | undefined;
let lookupFails = false;

let server: Server;
let base: string;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'terrace-client-'));
  const supporterPages = createSupporterPageCache({
    sessionCookie: 'terrace_session',
    findViewer: async (token) => {
      if (lookupFails) throw new Error('database gone');
      return viewers.get(token);
    },
    findNextChange: async () => nextChange,
    now: () => clock,
  });
  server = createHttpServer({ handler, clientDir, supporterPages, log: { info: () => undefined, error: () => undefined } as never });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

beforeEach(() => {
  viewers.set(TOKEN, { userId: 'u1', organizationId: 'o1', version: '1.0', timeZone: 'Europe/London' });
  clock += 3_600_000; // every test starts with nothing kept from the one before
  nextChange = undefined;
  status = 200;
  lookupFails = false;
});

const signedIn = (path: string, cookie = `terrace_session=${TOKEN}`) =>
  fetch(base + path, { headers: { 'accept-encoding': 'identity', cookie } });
const keysOf = (html: string) => [...html.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)].map((m) => m[0]);

describe('signed-in pages kept per supporter', () => {
  it('serves a supporter the page made for them a moment ago, with new form keys, the same in both places', async () => {
    const before = renders;
    const first = await signedIn('/dashboard');
    const firstHtml = await first.text();
    const second = await signedIn('/dashboard');
    const secondHtml = await second.text();
    expect(renders - before).toBe(1);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(second.headers.get('cache-control')).toBe('private, no-store');
    expect(second.headers.get('content-security-policy')).toBe("script-src 'self' 'sha256-abc'");
    expect(secondHtml.replace(/value="[^"]+"/, '').replace(/;[0-9a-f-]{36}&/, '')).toBe(firstHtml.replace(/value="[^"]+"/, '').replace(/;[0-9a-f-]{36}&/, ''));
    const [oldKey] = keysOf(firstHtml);
    const newKeys = keysOf(secondHtml);
    expect(newKeys).toHaveLength(2);
    expect(newKeys[0]).toBe(newKeys[1]);
    expect(newKeys[0]).not.toBe(oldKey);
    // Each serve its own.
    expect(keysOf(await (await signedIn('/dashboard')).text())[0]).not.toBe(newKeys[0]);
  });

  it('makes the page afresh once the supporter or the club has changed anything', async () => {
    await signedIn('/challenges');
    const before = renders;
    viewers.set(TOKEN, { ...viewers.get(TOKEN)!, version: '2.0' });
    expect(await (await signedIn('/challenges')).text()).toContain(`render ${before + 1}`);
    expect((await signedIn('/challenges')).headers.get('x-page-cache')).toBe('hit');
    viewers.set(TOKEN, { ...viewers.get(TOKEN)!, version: '2.1' });
    expect((await signedIn('/challenges')).headers.get('x-page-cache')).toBeNull();
  });

  it('keeps a page no longer than a minute, than the organization\'s day, or than the next challenge to open or close', async () => {
    await signedIn('/dashboard');
    clock += 59_000;
    expect((await signedIn('/dashboard')).headers.get('x-page-cache')).toBe('hit');
    clock += 2_000;
    expect((await signedIn('/dashboard')).headers.get('x-page-cache')).toBeNull();

    // 23:59:50 in London, then midnight.
    clock = Date.parse('2026-12-01T23:59:50Z');
    await signedIn('/dashboard');
    expect((await signedIn('/dashboard')).headers.get('x-page-cache')).toBe('hit');
    clock += 11_000;
    expect((await signedIn('/dashboard')).headers.get('x-page-cache')).toBeNull();

    nextChange = clock + 10_000;
    await signedIn('/challenges/polls');
    clock += 9_000;
    expect((await signedIn('/challenges/polls')).headers.get('x-page-cache')).toBe('hit');
    clock += 2_000;
    expect((await signedIn('/challenges/polls')).headers.get('x-page-cache')).toBeNull();
  });

  it('keeps one page per supporter and language, and never serves one supporter another\'s', async () => {
    const other = 'b'.repeat(43);
    viewers.set(other, { userId: 'u2', organizationId: 'o1', version: '1.0', timeZone: 'Europe/London' });
    const mine = await (await signedIn('/dashboard')).text();
    const theirs = await (await signedIn('/dashboard', `terrace_session=${other}`)).text();
    expect(theirs).not.toBe(mine);
    const spanish = await signedIn('/dashboard', `terrace_session=${TOKEN}; terrace_lang=es`);
    expect(spanish.headers.get('x-page-cache')).toBeNull();
    expect(await spanish.text()).toContain('lang="es"');
  });

  it('lets the app answer whatever it must see or set: a toast, an unknown session, other pages, errors, cookies set', async () => {
    const cases: Array<[string, string?]> = [
      ['/dashboard', `terrace_session=${TOKEN}; terrace_flash=abc`],
      ['/dashboard', `terrace_session=${'c'.repeat(43)}`],
      ['/dashboard', 'terrace_session=not a token'],
      ['/profile'],
      ['/dashboard?toast'],
      ['/dashboard?nostore-missing'],
    ];
    for (const [path, cookie] of cases) {
      const before = renders;
      await signedIn(path, cookie);
      await signedIn(path, cookie);
      expect(renders - before, `${path} ${cookie ?? ''}`).toBe(2);
    }
    status = 422;
    const before = renders;
    await signedIn('/challenges?refused');
    await signedIn('/challenges?refused');
    expect(renders - before).toBe(2);
  });

  it('answers through the app when the lookup fails', async () => {
    lookupFails = true;
    const response = await signedIn('/dashboard');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('render');
  });
});

describe('form keys', () => {
  it('cuts a page at its keys and joins it with new ones, the same key for each place one key was', () => {
    const cut = cutAtKeys(Buffer.from('a K1 b K2 c K1 d ✓'), ['K1', 'K2', 'K1']);
    let n = 0;
    expect(withNewKeys(cut, () => `N${++n}`).toString()).toBe('a N1 b N2 c N1 d ✓');
    expect(withNewKeys(cutAtKeys(Buffer.from('plain'), [])).toString()).toBe('plain');
  });
});
