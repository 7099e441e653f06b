import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log.ts';
import { noteErrorCode } from '../../shared/request-context.server.ts';
import { createHttpServer, type NodeHandler } from './serve.ts';
import { BODY_LIMIT, FORM_CLIP_LIMIT } from '../../shared/limits.ts';

// Stands in for Astro's handler: answers 401 to an upload without reading its body (as an API
// refusing an anonymous caller does), echoes the size of any body it was given, redirects /go.
const handler: NodeHandler = (req, res) => {
  const body = (req as { body?: Buffer }).body;
  if (req.url?.split('?')[0] === '/api/media') {
    // Like Astro re-wrapping the request: the stream is started, then left unread.
    if (!body) req.once('data', () => req.pause());
    noteErrorCode('unauthorized');
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"code":"unauthorized"}}');
    return;
  }
  if (req.url === '/go') return void res.writeHead(302, { location: '/' }).end();
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { size: body?.length ?? null } }));
};

const lines: string[] = [];
const sink = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
let server: Server;
let port: number;
let clientDir: string;

function listen(https: boolean): Promise<{ server: Server; port: number }> {
  // The database's answer, for this test's two live secrets (main.ts asks the real one: operator.test.ts).
  const isStaff = async (secret: string) => secret === CONSOLE_SESSION || secret === API_KEY;
  const s = createHttpServer({ handler, clientDir, https, log: createLogger(sink).child({}, { level: 'info' }), isStaff });
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve({ server: s, port: (s.address() as AddressInfo).port })));
}

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'terrace-gate-'));
  mkdirSync(join(clientDir, '_astro'));
  writeFileSync(join(clientDir, '_astro/island.abc.js'), 'export {};');
  writeFileSync(join(clientDir, '_astro/island.abc.js.br'), brotliCompressSync('export {};'));
  writeFileSync(join(clientDir, '_astro/island.abc.js.gz'), gzipSync('export {};'));
  ({ server, port } = await listen(false));
});
afterAll(() => {
  server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Raw HTTP over one socket: what fetch cannot send (unknown verbs, bad escapes, two requests in a row). */
function raw(payloads: (string | Buffer)[], waitFor = payloads.length): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => { socket.destroy(); resolve(text); }, 3000);
    socket.on('data', (d) => {
      text += d.toString('latin1');
      // Complete when the last answer's JSON body (plain or in one chunk) has arrived.
      if ((text.match(/HTTP\/1\.1 \d{3} /g) ?? []).length >= waitFor && /\}(\r\n0\r\n\r\n)?$/.test(text)) {
        clearTimeout(timer);
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('close', () => { clearTimeout(timer); resolve(text); });
    socket.on('error', reject);
    for (const p of payloads) socket.write(p);
  });
}

const jsonError = (text: string) => JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)).error;

describe('what the HTTP layer refuses before the app sees it', () => {
  it.each(['TRACE', 'FOO', 'CONNECT'])('answers %s with 405 and the JSON error shape', async (method) => {
    const target = method === 'CONNECT' ? 'example.com:443' : '/';
    const text = await raw([`${method} ${target} HTTP/1.1\r\nHost: x\r\n\r\n`]);
    expect(text).toMatch(/^HTTP\/1\.1 405 /);
    expect(jsonError(text)).toMatchObject({ code: 'method_not_allowed', requestId: expect.any(String) });
    expect(text).toContain('X-Content-Type-Options: nosniff');
  });

  it('answers a broken %-escape with 400 in the JSON shape, not a bare text error', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/user/me/transactions?cursor=%ZZ`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'bad_request', requestId: res.headers.get('x-request-id') });
  });

  it('answers 413 by Content-Length without reading the body', async () => {
    const text = await raw([`POST /api/session/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n{"email":`]);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(jsonError(text).code).toBe('payload_too_large');
  });

  it('answers 413 to a chunked body that grows past 64 KiB, after reading it to its end', async () => {
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const head = 'POST /api/session/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const chunks = Array.from({ length: 6 }, () => Buffer.concat([Buffer.from('4000\r\n'), chunk, Buffer.from('\r\n')]));
    const text = await raw([head, ...chunks, '0\r\n\r\n', 'GET /next HTTP/1.1\r\nHost: x\r\n\r\n'], 2);
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    // Read to its end and dropped: the connection serves the next request.
    expect(text).toMatch(/HTTP\/1\.1 200 OK/);
  });

  it('writes its refusals in the language the request asks for, as the API would', async () => {
    const broken = (language?: string) => fetch(`http://127.0.0.1:${port}/api/x?cursor=%ZZ`, language ? { headers: { 'Accept-Language': language } } : {});
    expect((await (await broken()).json()).error.message).toBe('The address has a broken %-escape; check the link.');
    expect((await (await broken('es-ES,es;q=0.9')).json()).error.message).toBe('La dirección tiene un código % roto; revisa el enlace.');
    const tooLarge = await fetch(`http://127.0.0.1:${port}/api/session/email`, {
      method: 'POST', body: 'x'.repeat(70 * 1024), headers: { 'Accept-Language': 'es' },
    });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error.message).toBe('El cuerpo de la petición supera el límite de 64 KiB.');
  });

  it('hands a body under the limit to the app whole', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/x`, { method: 'POST', body: 'x'.repeat(60 * 1024) });
    expect(await res.json()).toEqual({ data: { size: 60 * 1024 } });
  });

  it('answers the next request on a keep-alive connection at once after an early answer to a 1 MB upload', async () => {
    const body = Buffer.alloc(1024 * 1024, 1);
    const started = Date.now();
    const text = await raw([
      Buffer.concat([Buffer.from(`POST /api/media HTTP/1.1\r\nHost: x\r\nContent-Type: image/jpeg\r\nContent-Length: ${body.length}\r\n\r\n`), body]),
      'GET /next HTTP/1.1\r\nHost: x\r\n\r\n',
    ], 2);
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(text).toMatch(/HTTP\/1\.1 200 OK[\s\S]*"size":null/);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('security headers on every kind of answer', () => {
  const expected = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };

  it.each([['JSON', '/api/health'], ['redirect', '/go'], ['asset', '/_astro/island.abc.js'], ['refused (413)', '/api/session/email']])(
    'a %s answer carries them, with a CSP that forbids framing and scripts',
    async (_kind, path) => {
      const tooLarge = path === '/api/session/email';
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        redirect: 'manual', ...(tooLarge ? { method: 'POST', body: 'x'.repeat(70 * 1024) } : {}),
      });
      if (tooLarge) expect(res.status).toBe(413);
      // Served by the precompressed-asset path, which writes its own head: the headers must survive it.
      if (path.startsWith('/_astro/')) expect(res.headers.get('cache-control')).toContain('immutable');
      const headers = Object.fromEntries(res.headers);
      expect(headers).toMatchObject(expected);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("default-src 'none'");
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('adds Strict-Transport-Security when the site is served over HTTPS', async () => {
    const secure = await listen(true);
    const res = await fetch(`http://127.0.0.1:${secure.port}/api/health`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    secure.server.close();
  });
});

describe('one log line per request', () => {
  it('has method, path, status, duration, request id and error code, and never the query', async () => {
    lines.length = 0;
    const res = await fetch(`http://127.0.0.1:${port}/api/media?email=fan%40example.com`, {
      method: 'POST', headers: { authorization: 'Bearer sess_secret', 'content-type': 'image/jpeg' }, body: 'x',
    });
    await new Promise((r) => setTimeout(r, 50));
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request' && l.path === '/api/media');
    expect(line).toMatchObject({
      method: 'POST', status: 401, requestId: res.headers.get('x-request-id'), errorCode: 'unauthorized',
      durationMs: expect.any(Number),
    });
    expect(lines.join('')).not.toMatch(/fan|example\.com|sess_secret|Bearer/);
  });
});

/** Secrets in the shapes the gate tells apart (../operators/operator-secrets.ts; a supporter's session has no prefix). */
const CONSOLE_SESSION = `tos_${'a'.repeat(43)}`;
const API_KEY = `tak_${'b'.repeat(43)}`;
// In an operator's shape, and live nowhere.
const FORGED_SESSION = `tos_${'d'.repeat(43)}`;
const FORGED_KEY = `tak_${'e'.repeat(43)}`;
const SUPPORTER_SESSION = 'c'.repeat(43);

describe('body limits by address', () => {
  it('takes a photo only where one is posted: the API upload, and the photo form\'s action (the profile page, the island\'s call)', async () => {
    const { bodyLimitFor } = await import('./request-gate.ts');
    const { BODY_LIMIT, UPLOAD_LIMIT } = await import('../../shared/limits.ts');
    expect(bodyLimitFor('POST', '/api/media', false)).toBe(UPLOAD_LIMIT);
    for (const path of ['/profile', '/_actions/profile.setPhoto', '/_actions/profile.setPhoto/']) {
      expect(bodyLimitFor('POST', path, false), path).toBe(UPLOAD_LIMIT + BODY_LIMIT);
    }
    for (const [method, path] of [['POST', '/_actions/profile.setConsent/'], ['POST', '/profile/edit'], ['PATCH', '/profile'], ['POST', '/dashboard'], ['POST', '/api/checkin']]) {
      expect(bodyLimitFor(method!, path!, false), `${method} ${path}`).toBe(BODY_LIMIT);
    }
  });

  it('takes the console\'s pictures and clips only from a request that carries staff\'s credential, and only where they are posted', async () => {
    const { bodyLimitFor } = await import('./request-gate.ts');
    const { ADMIN_CLIP_LIMIT, ADMIN_IMAGE_LIMIT, BODY_LIMIT, FORM_CLIP_LIMIT, FORM_UPLOAD_LIMIT } = await import('../../shared/limits.ts');
    const staffLimits: [string, number][] = [
      ['/api/admin/uploads/videos', ADMIN_CLIP_LIMIT], ['/api/admin/uploads/images', ADMIN_IMAGE_LIMIT],
      ['/admin/videos/new', FORM_CLIP_LIMIT], ['/admin/videos/3f0c', FORM_CLIP_LIMIT],
      ['/admin/stories/new', FORM_UPLOAD_LIMIT], ['/admin/articles/3f0c', FORM_UPLOAD_LIMIT], ['/_actions/admin.media.upload/', FORM_UPLOAD_LIMIT],
    ];
    for (const [path, limit] of staffLimits) {
      expect(bodyLimitFor('POST', path, true), path).toBe(limit);
      expect(bodyLimitFor('POST', path, false), `${path} without a credential`).toBe(BODY_LIMIT);
      expect(bodyLimitFor('PUT', path, true), `PUT ${path}`).toBe(BODY_LIMIT);
    }
    for (const path of ['/admin/videos', '/admin/challenges/new', '/_actions/admin.media.save', '/_actions/admin.media.clip', '/api/admin/videos', '/dashboard']) {
      expect(bodyLimitFor('POST', path, true), path).toBe(BODY_LIMIT);
    }
  });

  it('finds an operator\'s secret, in the console\'s cookie or as a bearer, by its shape (the database says whether it is live)', async () => {
    const { staffSecretOf } = await import('./request-gate.ts');
    expect(staffSecretOf({ cookie: `terrace_lang=es; terrace_console=${CONSOLE_SESSION}` })).toBe(CONSOLE_SESSION);
    expect(staffSecretOf({ cookie: `__Host-terrace_console=${CONSOLE_SESSION}` })).toBe(CONSOLE_SESSION);
    expect(staffSecretOf({ authorization: `Bearer ${API_KEY}` })).toBe(API_KEY);
    expect(staffSecretOf({ authorization: `bearer ${CONSOLE_SESSION}` })).toBe(CONSOLE_SESSION);
    // A supporter: their session as a bearer, or their cookie; a console cookie or bearer holding anything else.
    expect(staffSecretOf({ authorization: `Bearer ${SUPPORTER_SESSION}` })).toBeUndefined();
    expect(staffSecretOf({ authorization: 'Bearer pk_demo_terrace' })).toBeUndefined();
    expect(staffSecretOf({ cookie: `terrace_session=${SUPPORTER_SESSION}` })).toBeUndefined();
    expect(staffSecretOf({ cookie: `terrace_console=${SUPPORTER_SESSION}` })).toBeUndefined();
    expect(staffSecretOf({ cookie: 'terrace_console=tos_x', authorization: 'tak_x' })).toBeUndefined();
    expect(staffSecretOf({ cookie: `terrace_session=s; not_terrace_console=${CONSOLE_SESSION}` })).toBeUndefined();
    expect(staffSecretOf({ cookie: `terrace_console_x=${CONSOLE_SESSION}` })).toBeUndefined();
    expect(staffSecretOf({})).toBeUndefined();
  });

  it('treats a made-up secret in an operator\'s shape as anyone\'s: a console upload\'s body is refused, not read', async () => {
    const { DRAIN_LIMIT } = await import('./request-gate.ts');
    const body = Buffer.alloc(DRAIN_LIMIT + 1024 * 1024, 1);
    for (const headers of [{ cookie: `terrace_console=${FORGED_SESSION}` }, { authorization: `Bearer ${FORGED_KEY}` }]) {
      const answer = await fetch(`http://127.0.0.1:${port}/admin/videos/new`, { method: 'POST', body, redirect: 'manual', headers });
      expect(answer.status, JSON.stringify(headers)).toBe(413);
      expect(answer.headers.get('connection')).toBe('close');
    }
    const upload = await fetch(`http://127.0.0.1:${port}/api/admin/uploads/videos`, {
      method: 'POST', body: Buffer.alloc(BODY_LIMIT + 1, 1), headers: { authorization: `Bearer ${FORGED_KEY}` },
    });
    expect(upload.status).toBe(413);
  });

  it('sends staff\'s too-large file form back to its console page, which says so; anyone else, and anything else, gets the 413', async () => {
    const { tooLargeRedirectFor } = await import('./request-gate.ts');
    expect(tooLargeRedirectFor('POST', '/admin/videos/new', true)).toBe('/admin/videos/new?tooLarge');
    expect(tooLargeRedirectFor('POST', '/admin/stories/3f0c', true)).toBe('/admin/stories/3f0c?tooLarge');
    expect(tooLargeRedirectFor('POST', '/admin/videos/new', false)).toBeUndefined();
    for (const path of ['/admin/challenges/new', '/_actions/admin.media.upload', '/api/admin/uploads/videos', '/profile']) {
      expect(tooLargeRedirectFor('POST', path, true), path).toBeUndefined();
    }
    const body = Buffer.alloc(FORM_CLIP_LIMIT + 1, 1);
    const staff = await fetch(`http://127.0.0.1:${port}/admin/videos/new?_action=admin.media.save`, {
      method: 'POST', body, redirect: 'manual', headers: { cookie: `terrace_console=${CONSOLE_SESSION}` },
    });
    expect(staff.status).toBe(303);
    expect(staff.headers.get('location')).toBe('/admin/videos/new?tooLarge');
    // Read to its end before the answer (a browser reads none before it has sent the form), so the connection stays.
    expect(staff.headers.get('connection')).not.toBe('close');
    const supporter = await fetch(`http://127.0.0.1:${port}/admin/videos/new`, {
      method: 'POST', body: Buffer.alloc(BODY_LIMIT + 1, 1), redirect: 'manual', headers: { authorization: `Bearer ${SUPPORTER_SESSION}` },
    });
    expect(supporter.status).toBe(413);
  });

  it('refuses a console upload as anyone\'s when the database cannot say whether its secret is live, and says so in the server\'s log', async () => {
    const logged: string[] = [];
    const log = createLogger(new Writable({ write(chunk, _enc, done) { logged.push(String(chunk)); done(); } })).child({}, { level: 'info' });
    const isStaff = () => Promise.reject(new Error('connection refused'));
    const down = createHttpServer({ handler, clientDir, https: false, log, isStaff });
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(down.address() as AddressInfo).port}/api/admin/uploads/videos`, {
        method: 'POST', body: Buffer.alloc(BODY_LIMIT + 1, 1), headers: { authorization: `Bearer ${API_KEY}` },
      });
      expect(answer.status).toBe(413);
      expect(logged.join('')).toContain('could not tell whether a console upload comes from staff');
      expect(logged.join('')).not.toContain(API_KEY);
    } finally {
      down.close();
    }
  });

  it('refuses a clip-sized body to an anonymous client at once, and reads one past the drain limit for staff', async () => {
    const { DRAIN_LIMIT } = await import('./request-gate.ts');
    const size = DRAIN_LIMIT + 1024 * 1024;
    const body = Buffer.alloc(size, 1);
    const anonymous = await fetch(`http://127.0.0.1:${port}/admin/videos/new`, { method: 'POST', body });
    expect(anonymous.status).toBe(413);
    const staff = await fetch(`http://127.0.0.1:${port}/admin/videos/new`, { method: 'POST', body, headers: { cookie: `terrace_console=${CONSOLE_SESSION}` } });
    expect(staff.status).toBe(200);
    expect(await staff.json()).toEqual({ data: { size } });
  });
});
