import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Agent, globalAgent, request as httpRequest, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings } from './assets.ts';
import { createReadiness } from './readiness.ts';
import { createHttpServer, shutDownGracefully, type NodeHandler } from './serve.ts';
import type { ApiRequest } from './api-forward.ts';
import { createLogger } from '../log.ts';

const silentLog = createLogger({ write: () => undefined });

// Stands in for Astro's handler: this suite tests our HTTP layer, not the pages.
const page = '<!doctype html><title>x</title>' + '<p>supporters</p>'.repeat(200);
const events: string[] = [];
let slowArrived: () => void = () => undefined;
const appHandler: NodeHandler = (req, res) => {
  if (req.url === '/slow') {
    slowArrived();
    res.on('finish', () => events.push('response sent'));
    setTimeout(() => res.end('finished'), 400);
    return;
  }
  res.writeHead(200, { 'content-type': req.url === '/json' ? 'application/json' : 'text/html' });
  res.end(req.url === '/json' ? '{"data":{"ok":true}}' : page);
};

let clientDir: string;
let server: Server;
let base: string;
const script = 'console.log("terrace");'.repeat(100);

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'terrace-client-'));
  mkdirSync(join(clientDir, '_astro'));
  writeFileSync(join(clientDir, '_astro/app.abc123.js'), script);
  writeFileSync(join(clientDir, '_astro/app.abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(clientDir, '_astro/app.abc123.js.gz'), gzipSync(script));
  writeFileSync(join(clientDir, '_astro/crest.abc123.webp'), 'webp bytes');
  writeFileSync(join(clientDir, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(clientDir, '.env'), 'SECRET=1');
  server = createHttpServer({ handler: appHandler, clientDir });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  if (server.listening) server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** A raw request: fetch() would decompress and hide the encoding. */
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('compresses HTML and JSON with brotli for a client that accepts br', async () => {
    const html = await get('/', 'br, gzip');
    expect(html.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(html.body).toString()).toBe(page);
    const json = await get('/json', 'br, gzip');
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(json.body).toString())).toEqual({ data: { ok: true } });
  });

  it('uses gzip for a client that accepts only gzip, and nothing for one that accepts neither', async () => {
    const gz = await get('/', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(page);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it('serves hashed assets from their precompressed twins with immutable caching', async () => {
    const br = await get('/_astro/app.abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get('/_astro/app.abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
  });

  it('serves a hashed asset without twins as it is, and public files with a short cache', async () => {
    const image = await get('/_astro/crest.abc123.webp', 'br');
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.body.toString()).toBe('webp bytes');
    const robots = await get('/robots.txt?v=1');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect(robots.body.toString()).toBe('User-agent: *');
  });

  it('hands every other path to the app: pages, missing assets, dotfiles and compressed twins', async () => {
    for (const path of ['/dashboard', '/_astro/missing.js', '/.env', '/_astro/app.abc123.js.br']) {
      const res = await get(path);
      expect(res.body.toString(), path).toBe(page);
    }
  });

  it('never serves a file outside the client folder', async () => {
    const res = await get('/_astro/..%2f..%2f..%2fetc%2fpasswd', 'br');
    expect(res.body.toString()).not.toContain('root:');
  });

  it('reads Accept-Encoding with q-values', () => {
    expect([...acceptedEncodings('br;q=0, gzip;q=0.8')]).toEqual(['gzip']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});

describe("the API's addresses, handed over before Astro", () => {
  const received: ApiRequest[] = [];
  let apiServer: Server;
  let apiBase: string;
  const api = async (request: ApiRequest): Promise<Response> => {
    received.push(request);
    const { pathname } = new URL(request.url);
    if (pathname === '/api/broken') throw new Error('the API origin did not answer');
    if (pathname === '/api/long') return Response.json({ data: 'supporters '.repeat(200) }, { headers: { 'set-cookie': 'a=1' } });
    // Streamed in two parts, as a long export is.
    const export_ = pathname === '/api/export';
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(export_ ? 'supporter\n' : '{"data":'));
        controller.enqueue(new TextEncoder().encode(export_ ? 'fan\n' : `"${request.method} ${pathname}"}`));
        controller.close();
      },
    });
    return new Response(body, { status: 201, headers: { 'content-type': export_ ? 'text/csv' : 'application/json', 'set-cookie': 'a=1' } });
  };

  beforeAll(async () => {
    apiServer = createHttpServer({ handler: appHandler, clientDir, api, log: silentLog });
    await new Promise<void>((resolve) => apiServer.listen(0, '127.0.0.1', resolve));
    apiBase = `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}`;
  });
  afterAll(() => apiServer.close());

  const send = (path: string, body?: string) => new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(`${apiBase}${path}`, {
      method: body === undefined ? 'GET' : 'POST', headers: { 'accept-encoding': 'br', cookie: 'terrace_session=abc', 'x-request-id': 'forged' },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });

  it('gives /api and /api/* to the API with the body, the headers and the address the server read, and sends its answer back', async () => {
    received.length = 0;
    const posted = await send('/api/checkin?x=1', '{"ticket":"t"}');
    expect(posted.status).toBe(201);
    // A write's answer is a few hundred bytes: sent as it is, with its length, never through a compressor.
    expect(posted.headers['content-encoding']).toBeUndefined();
    expect(posted.headers['content-length']).toBe(String(posted.body.length));
    expect(posted.headers['set-cookie']).toEqual(['a=1']);
    expect(posted.headers['x-request-id']).toBe(received[0]!.headers.get('x-request-id'));
    expect(posted.body.toString()).toBe('{"data":"POST /api/checkin"}');
    const [request] = received;
    expect(request!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/checkin\?x=1$/);
    expect(Buffer.from(request!.body as Uint8Array).toString()).toBe('{"ticket":"t"}');
    expect(request!.headers.get('cookie')).toBe('terrace_session=abc');
    // One id per request, the server's own: a client's is not believed.
    expect(request!.headers.get('x-request-id')).not.toBe('forged');
    expect(request!.clientAddress).toBe('127.0.0.1');
    expect((await send('/api')).status).toBe(201);
    expect(received.at(-1)!.body).toBeNull();
  });

  it('compresses a long JSON answer whole, and streams an export compressed as it comes', async () => {
    const long = await send('/api/long');
    expect(long.headers['content-encoding']).toBe('br');
    expect(long.headers['content-length']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(long.body).toString())).toEqual({ data: 'supporters '.repeat(200) });
    const csv = await send('/api/export');
    expect(csv.headers['content-encoding']).toBe('br');
    expect(csv.headers['transfer-encoding']).toBe('chunked');
    expect(brotliDecompressSync(csv.body).toString()).toBe('supporter\nfan\n');
  });

  it('reads the path as the router does: dot segments resolved, a doubled slash never a host', async () => {
    received.length = 0;
    for (const path of ['/api/../dashboard', '/apis', '//api/checkin', '///%13aaa']) {
      const res = await send(path);
      expect(res.status, path).toBe(200);
      expect(brotliDecompressSync(res.body).toString(), path).toBe(page);
    }
    expect(received).toEqual([]);
  });

  it('reads the path from the request line, whatever the Host header holds', async () => {
    received.length = 0;
    for (const host of ['club.example', 'club.example:8443', 'evil.example/x?', 'a@b']) {
      const res = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${apiBase}/api/checkin`, { method: 'POST', headers: { host } }, (r) => { r.resume(); resolve(r.statusCode ?? 0); });
        req.on('error', reject);
        req.end('{}');
      });
      expect(res, host).toBe(201);
    }
    expect(received.map((r) => new URL(r.url).pathname)).toEqual(['/api/checkin', '/api/checkin', '/api/checkin', '/api/checkin']);
    expect(new URL(received[1]!.url).host).toBe('club.example:8443');
  });

  it('answers in the API\'s shape, not with a dropped connection, when the API cannot be reached', async () => {
    const res = await send('/api/broken');
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body.toString()).error.code).toBe('internal_error');
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight, refuses new connections, then closes the database', async () => {
    const arrived = new Promise<void>((resolve) => { slowArrived = resolve; });
    const inFlight = get('/slow');
    await arrived;
    const stopped = shutDownGracefully(server, async () => {
      events.push('database closed');
    });
    await expect(get('/')).rejects.toThrow();
    const res = await inFlight;
    // The suite's earlier requests left kept-alive connections, which the stop leaves to their client: let them go.
    globalAgent.destroy();
    await stopped;
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('finished');
    expect(events).toEqual(['response sent', 'database closed']);
  });
});

describe('readiness, for a load balancer, and a stop no proxy notices', () => {
  async function ownServer(readiness = createReadiness()) {
    const own = createHttpServer({ handler: appHandler, clientDir, readiness });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    // One kept-alive connection, as a proxy keeps them, reused by every request of the test.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const port = (own.address() as AddressInfo).port;
    const ask = (path: string) => new Promise<{ status: number; connection: string | undefined; socket: unknown; body: { data?: unknown; error?: { code: string; message: string } } }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => { text += c.toString(); });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket: req.socket, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end();
    });
    return { own, readiness, ask, agent };
  }

  it('says starting, then ready, then draining while it serves on; every answer then closes its connection', async () => {
    const { own, readiness, ask, agent } = await ownServer();
    const starting = await ask('/api/ready');
    expect(starting).toMatchObject({ status: 503, body: { error: { code: 'unavailable', message: 'The server is starting. Try again in a moment.' } } });
    readiness.ready();
    expect(await ask('/api/ready')).toMatchObject({ status: 200, connection: 'keep-alive', body: { data: { status: 'ready' } } });

    const stopped = shutDownGracefully(own, async () => {}, { readiness, drainMs: 300 });
    // Draining: still serving, not ready, and each answer tells the proxy to drop the connection.
    expect(await ask('/api/ready')).toMatchObject({ status: 503, connection: 'close', body: { error: { message: 'The server is stopping. Try again in a moment.' } } });
    expect(await ask('/json')).toMatchObject({ status: 200, connection: 'close' });
    readiness.ready();
    expect(readiness.state).toBe('draining');
    await stopped;
    await expect(ask('/json')).rejects.toThrow();
    agent.destroy();
  });

  it('leaves an idle kept-alive connection open when it stops: the request a proxy sends on it is answered, then the connection closes', async () => {
    const { own, readiness, ask, agent } = await ownServer();
    readiness.ready();
    const first = await ask('/json');
    let closed = false;
    const stopped = shutDownGracefully(own, async () => { closed = true; });
    // Long enough for any sweep of idle connections: the old stop closed them within 50 ms.
    await new Promise((r) => setTimeout(r, 200));
    expect(closed).toBe(false);
    const second = await ask('/json');
    expect(second).toMatchObject({ status: 200, connection: 'close' });
    expect(second.socket).toBe(first.socket);
    await stopped;
    expect(closed).toBe(true);
    agent.destroy();
  });
});
