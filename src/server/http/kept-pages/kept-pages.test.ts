import { brotliDecompressSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEPENDENCIES, FOR_SUPPORTER, FOR_VISITORS, type Dependency } from '../../../shared/kept-pages.ts';
import { keepFormKeys, newFormKey } from '../../../shared/form-keys.server.ts';
import { createKeptPages, type KeptPages, type Viewer } from './kept-pages.ts';

// Stands in for Astro's render: a page that declares itself kept as src/lib/cache/kept-page.ts makes it,
// marked `public` or `private, no-store` as src/middleware.ts marks it, with two form keys, counting renders.
let renders = 0;
interface Page { body?: string; status?: number; tags?: string[]; cacheControl?: string; cookie?: boolean; declared?: boolean }
let page: Page = {};

function render(request: Request): Response {
  renders += 1;
  const tags = page.tags ?? [FOR_SUPPORTER, ...(['own', 'club', 'schedule', 'day'] as Dependency[]).map((d) => DEPENDENCIES[d])];
  const headers = new Headers({
    'content-type': 'text/html', 'content-security-policy': "script-src 'self' 'sha256-abc'",
    'cache-control': page.cacheControl ?? 'private, no-store',
  });
  if (page.declared !== false) {
    if (tags.includes(FOR_SUPPORTER)) keepFormKeys();
    headers.set('CDN-Cache-Control', 'max-age=60');
    headers.set('Cache-Tag', tags.join(', '));
  }
  if (page.cookie) headers.set('set-cookie', 'terrace_flash=; Max-Age=0');
  const html = `<html lang="${language(request)}"><input value="${newFormKey()}"><input value="${newFormKey()}">${page.body ?? ''}render ${renders}</html>`;
  // As Astro's answer says it: the length of the page as rendered, not as it may be sent.
  headers.set('content-length', String(Buffer.byteLength(html)));
  return new Response(html, { status: page.status ?? 200, headers });
}

const language = (request: Request) =>
  (/terrace_lang=es/.test(request.headers.get('cookie') ?? '') || /^es/.test(request.headers.get('accept-language') ?? '') ? 'es' : 'en');

const TOKEN = 'a'.repeat(43);
const viewers = new Map<string, Viewer>();
let clock = Date.parse('2026-11-25T12:00:00Z');
let nextChange: number | undefined;
let lookupFails = false;
const errors: unknown[] = [];

const kept: KeptPages = createKeptPages({
  sessionCookie: 'terrace_session',
  supporters: true,
  findViewer: async (token) => {
    if (lookupFails) throw new Error('database gone');
    return viewers.get(token);
  },
  findNextChange: async () => nextChange,
  onError: (error) => errors.push(error),
  now: () => clock,
});

async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const request = new Request(`http://terrace.test${path}`, { method, headers });
  const response = await kept.onRequest!({ request, url: new URL(request.url), logger: console as never }, async () => render(request));
  return { response, html: await response.text(), cache: response.headers.get('x-astro-cache') };
}
const signedIn = (path: string, cookie = `terrace_session=${TOKEN}`) => get(path, { cookie });
const keysOf = (html: string) => [...html.matchAll(/value="([^"]+)"/g)].map((m) => m[1]);

beforeEach(() => {
  viewers.set(TOKEN, { userId: 'u1', organizationId: 'o1', timeZone: 'Europe/London', ownVersion: 1, clubVersion: 0 });
  clock += 3_600_000; // every test starts with nothing kept from the one before
  nextChange = undefined;
  page = {};
  lookupFails = false;
  errors.length = 0;
});

describe('a visitor\'s page', () => {
  beforeEach(() => {
    page = { tags: [FOR_VISITORS], cacheControl: 'public, max-age=60' };
  });

  it('renders once per address and language, then answers every visitor from memory, headers and all, for a minute', async () => {
    const before = renders;
    const first = await get('/about');
    const second = await get('/about');
    expect(renders - before).toBe(1);
    expect([first.cache, second.cache]).toEqual(['MISS', 'HIT']);
    expect(second.html).toBe(first.html);
    expect(second.response.headers.get('content-security-policy')).toBe("script-src 'self' 'sha256-abc'");
    expect(second.response.headers.get('cdn-cache-control')).toBeNull();
    expect((await get('/about', { cookie: 'terrace_lang=es' })).html).toContain('lang="es"');
    expect((await get('/about', { 'accept-language': 'es' })).cache).toBe('HIT');
    clock += 61_000;
    expect((await get('/about')).cache).toBe('MISS');
  });

  it('is served by the server from the same memory, before the app, only to a visitor and only once kept', async () => {
    const visitorPage = (target: string, headers = {}, method = 'GET') => kept.visitorPage(method, target, headers);
    expect(visitorPage('/media')).toBeUndefined();
    const first = await get('/media');
    const again = visitorPage('/media')!;
    expect(again.status).toBe(200);
    expect(again.headers).toContainEqual(['x-astro-cache', 'HIT']);
    expect(Buffer.from(again.body!).toString()).toBe(first.html);
    expect(visitorPage('/media', {}, 'HEAD')!.body).toBeNull();
    expect(visitorPage('/media', { acceptLanguage: 'es' })).toBeUndefined();
    expect(visitorPage('/media', { cookie: `terrace_session=${TOKEN}` })).toBeUndefined();
    expect(visitorPage('/media', { cookie: 'terrace_flash=abc' })).toBeUndefined();
    expect(visitorPage('/media', {}, 'POST')).toBeUndefined();
    clock += 61_000;
    expect(visitorPage('/media')).toBeUndefined();
  });

  it('is compressed once per encoding asked for, not at every serve', async () => {
    page = { ...page, body: 'supporters '.repeat(200) };
    await get('/media/instagram');
    const request = () => new Request('http://terrace.test/media/instagram', { headers: { 'accept-encoding': 'gzip, br' } });
    const answers = await Promise.all([request(), request()].map((r) => kept.onRequest!({ request: r, url: new URL(r.url), logger: console as never }, async () => render(r))));
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
    expect(answers.map((answer) => answer.headers.get('content-encoding'))).toEqual(['br', 'br']);
    expect(answers[0]!.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(bodies[0]!).toString()).toContain('supporters supporters');
    expect(bodies[1]!.equals(bodies[0]!)).toBe(true);
    expect(answers.map((answer) => answer.headers.get('content-length'))).toEqual([String(bodies[0]!.length), String(bodies[1]!.length)]);
    const again = kept.visitorPage('GET', '/media/instagram', { acceptEncoding: 'br' })!;
    expect(again.headers.filter(([name]) => name === 'content-length')).toEqual([['content-length', String(again.body!.length)]]);
  });

  it('is made by the app for whatever it must see or set, and kept only as declared and marked public', async () => {
    const cases: Array<[Page, Record<string, string>]> = [
      [page, { cookie: 'terrace_flash=abc' }],
      [page, { cookie: 'terrace_session=not a token' }],
      [{ ...page, cookie: true }, {}],
      [{ ...page, cacheControl: 'private, no-store' }, {}],
      [{ ...page, declared: false }, {}],
      [{ ...page, status: 404 }, {}],
      [{ ...page, tags: [FOR_SUPPORTER] }, {}],
    ];
    for (const [shape, headers] of cases) {
      page = shape;
      const before = renders;
      await get('/media', headers);
      await get('/media', headers);
      expect(renders - before, JSON.stringify([shape, headers])).toBe(2);
    }
  });
});

describe('a supporter\'s page', () => {
  it('is served again to its supporter, with the same form keys, while nothing it depends on changed', async () => {
    const before = renders;
    const first = await signedIn('/dashboard');
    const second = await signedIn('/dashboard');
    expect(renders - before).toBe(1);
    expect(second.cache).toBe('HIT');
    expect(second.html).toBe(first.html);
    expect(second.response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('is made afresh once the supporter or the club has changed anything it declared', async () => {
    await signedIn('/challenges');
    viewers.set(TOKEN, { ...viewers.get(TOKEN)!, ownVersion: 2 });
    expect((await signedIn('/challenges')).cache).toBe('MISS');
    expect((await signedIn('/challenges')).cache).toBe('HIT');
    viewers.set(TOKEN, { ...viewers.get(TOKEN)!, clubVersion: 1 });
    expect((await signedIn('/challenges')).cache).toBe('MISS');
    // A page that does not depend on the club's content outlives an operator's write.
    page = { tags: [FOR_SUPPORTER, DEPENDENCIES.own] };
    await signedIn('/challenges/polls');
    viewers.set(TOKEN, { ...viewers.get(TOKEN)!, clubVersion: 2 });
    expect((await signedIn('/challenges/polls')).cache).toBe('HIT');
  });

  it('is kept no longer than a minute, than the organization\'s day, or than the next challenge to open or close', async () => {
    await signedIn('/dashboard');
    clock += 59_000;
    expect((await signedIn('/dashboard')).cache).toBe('HIT');
    clock += 2_000;
    expect((await signedIn('/dashboard')).cache).toBe('MISS');

    // 23:59:50 in London, then midnight.
    clock = Date.parse('2026-12-01T23:59:50Z');
    await signedIn('/dashboard');
    expect((await signedIn('/dashboard')).cache).toBe('HIT');
    clock += 11_000;
    expect((await signedIn('/dashboard')).cache).toBe('MISS');

    nextChange = clock + 10_000;
    await signedIn('/challenges/polls');
    clock += 9_000;
    expect((await signedIn('/challenges/polls')).cache).toBe('HIT');
    clock += 2_000;
    expect((await signedIn('/challenges/polls')).cache).toBe('MISS');
  });

  it('is kept per supporter and language, and never served to another supporter', async () => {
    const other = 'b'.repeat(43);
    viewers.set(other, { userId: 'u2', organizationId: 'o1', timeZone: 'Europe/London', ownVersion: 1, clubVersion: 0 });
    const mine = await signedIn('/dashboard');
    const theirs = await signedIn('/dashboard', `terrace_session=${other}`);
    expect(theirs.cache).toBe('MISS');
    expect(theirs.html).not.toBe(mine.html);
    expect(keysOf(theirs.html)).not.toEqual(keysOf(mine.html));
    const spanish = await signedIn('/dashboard', `terrace_session=${TOKEN}; terrace_lang=es`);
    expect(spanish.cache).toBe('MISS');
    expect(spanish.html).toContain('lang="es"');
  });

  it('is made by the app for whatever it must see or set: a toast, an unknown session, errors, cookies set, a HEAD', async () => {
    const cases: Array<[string, string, Page]> = [
      ['/dashboard', `terrace_session=${TOKEN}; terrace_flash=abc`, {}],
      ['/dashboard', `terrace_session=${'c'.repeat(43)}`, {}],
      ['/dashboard', `terrace_session=${TOKEN}`, { cookie: true }],
      ['/dashboard', `terrace_session=${TOKEN}`, { status: 422 }],
      ['/dashboard', `terrace_session=${TOKEN}`, { cacheControl: 'public, max-age=60' }],
      ['/dashboard', `terrace_session=${TOKEN}`, { tags: [FOR_VISITORS] }],
      ['/profile', `terrace_session=${TOKEN}`, { declared: false }],
    ];
    for (const [path, cookie, shape] of cases) {
      page = shape;
      const before = renders;
      await signedIn(path, cookie);
      await signedIn(path, cookie);
      expect(renders - before, `${path} ${cookie} ${JSON.stringify(shape)}`).toBe(2);
    }
    page = {};
    const before = renders;
    await get('/challenges', { cookie: `terrace_session=${TOKEN}` }, 'HEAD');
    expect((await signedIn('/challenges')).cache).toBe('MISS');
    expect((await get('/challenges', { cookie: `terrace_session=${TOKEN}` }, 'HEAD')).cache).toBe('HIT');
    expect(renders - before).toBe(2);
  });

  it('is made by the app when the lookup fails', async () => {
    lookupFails = true;
    const { response, html } = await signedIn('/dashboard');
    expect(response.status).toBe(200);
    expect(html).toContain('render');
    expect(errors).toHaveLength(1);
  });
});

describe('form keys', () => {
  it('are the same for one supporter, version and kept page, and new after a write, on another page, for a visitor or a page never kept', async () => {
    const first = keysOf((await signedIn('/dashboard')).html);
    expect(first).toHaveLength(2);
    expect(first[0]).not.toBe(first[1]);
    expect(first[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    clock += 61_000; // rendered again, not served from memory
    expect(keysOf((await signedIn('/dashboard')).html)).toEqual(first);
    expect(keysOf((await signedIn('/challenges')).html)).not.toContain(first[0]);
    viewers.set(TOKEN, { ...viewers.get(TOKEN)!, ownVersion: 2 });
    const afterWrite = keysOf((await signedIn('/dashboard')).html);
    expect(afterWrite).not.toContain(first[0]);
    expect(afterWrite).not.toContain(first[1]);
    const visitor = keysOf((await get('/dashboard')).html);
    expect(keysOf((await get('/dashboard')).html)).not.toEqual(visitor);
    // A page never kept gets keys of its own at every view, as a second tab of it should.
    page = { declared: false };
    const profile = keysOf((await signedIn('/profile')).html);
    expect(keysOf((await signedIn('/profile')).html)).not.toContain(profile[0]);
  });
});
