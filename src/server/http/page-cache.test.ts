import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, type NodeHandler } from './serve.ts';

// Stands in for Astro: marks /about and /media public as src/middleware.ts does, and counts renders.
let renders = 0;
const handler: NodeHandler = (req, res) => {
  renders += 1;
  const language = /\bes\b/.test(String(req.headers['accept-language'])) || /terrace_lang=es/.test(String(req.headers.cookie)) ? 'es' : 'en';
  res.setHeader('content-type', 'text/html');
  res.setHeader('content-security-policy', "script-src 'self' 'sha256-abc'");
  if (!req.url?.includes('private')) {
    res.setHeader('cache-control', 'public, max-age=60, stale-while-revalidate=600');
    res.setHeader('vary', 'Accept-Language, Cookie');
  }
  if (req.url?.includes('toast')) res.setHeader('set-cookie', 'terrace_flash=; Max-Age=0');
  res.write(`<html lang="${language}">`);
  res.end(`${'<p>club</p>'.repeat(300)} render ${renders}</html>`);
};

let server: Server;
let base: string;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'terrace-client-'));
  server = createHttpServer({ handler, clientDir, log: { info: () => undefined, error: () => undefined } as never });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers: { 'accept-encoding': 'identity', ...headers } });

describe('public pages from memory', () => {
  it('renders an anonymous public page once and answers the next visitor from memory, headers and all', async () => {
    const before = renders;
    const first = await get('/about');
    const second = await get('/about');
    expect(renders - before).toBe(1);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(second.headers.get('content-security-policy')).toBe("script-src 'self' 'sha256-abc'");
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    // The security headers of every answer are there too.
    expect(second.headers.get('x-content-type-options')).toBe(first.headers.get('x-content-type-options'));
  });

  it('keeps one copy per negotiated language', async () => {
    const spanish = await (await get('/media', { 'accept-language': 'es' })).text();
    const byCookie = await (await get('/media', { cookie: 'terrace_lang=es' })).text();
    const english = await (await get('/media', { 'accept-language': 'en' })).text();
    expect(spanish).toContain('lang="es"');
    expect(byCookie).toBe(spanish);
    expect(english).toContain('lang="en"');
  });

  it('sends every visitor with another cookie (a session, a toast) to the app', async () => {
    await get('/about');
    const before = renders;
    await get('/about', { cookie: 'terrace_session=abc' });
    await get('/about', { cookie: 'terrace_lang=en; terrace_flash=x' });
    expect(renders - before).toBe(2);
  });

  it('never keeps an answer that sets a cookie, nor one that is not public, nor a page outside the list', async () => {
    for (const path of ['/about?toast', '/about?private', '/dashboard']) {
      const before = renders;
      await get(path);
      await get(path);
      expect(renders - before, path).toBe(2);
    }
  });

  it('compresses the copy for browsers that ask', async () => {
    const plain = await (await get('/about')).text();
    const response = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      import('node:http').then(({ get: httpGet }) => httpGet(`${base}/about`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject), reject);
    });
    expect(response.encoding).toBe('br');
    expect(brotliDecompressSync(response.body).toString()).toBe(plain);
  });
});
