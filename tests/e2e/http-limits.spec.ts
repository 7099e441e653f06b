import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { APP_PORT } from './support/ports.ts';

// The built server's HTTP layer, byte for byte (fetch cannot send these): what it refuses, and that an
// early answer never stalls the next request on the same keep-alive connection.
function exchange(payloads: (string | Buffer)[], answers: number): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(APP_PORT, '127.0.0.1');
    let text = '';
    const done = () => { socket.destroy(); resolve({ text, ms: Date.now() - started }); };
    const timer = setTimeout(done, 8000);
    socket.on('data', (d) => {
      text += d.toString('latin1');
      if ((text.match(/HTTP\/1\.1 \d{3} /g) ?? []).length >= answers && /\}(\r\n0\r\n\r\n)?$/.test(text)) {
        clearTimeout(timer);
        done();
      }
    });
    socket.on('close', () => { clearTimeout(timer); resolve({ text, ms: Date.now() - started }); });
    socket.on('error', reject);
    for (const p of payloads) socket.write(p);
  });
}

const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

test('a refused 1 MB upload is answered, and the next request on the connection at once', async () => {
  const body = Buffer.alloc(1024 * 1024, 7);
  const { text, ms } = await exchange([
    Buffer.concat([Buffer.from(`POST /api/media HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/jpeg\r\nContent-Length: ${body.length}\r\n\r\n`), body]),
    'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
  ], 2);
  expect(statuses(text)).toEqual([401, 200]);
  expect(ms).toBeLessThan(2000);
});

test('a refused 1 MB JSON body gets its 413, and the next request on the connection is answered', async () => {
  const body = Buffer.alloc(1024 * 1024, 0x20);
  const { text } = await exchange([
    Buffer.concat([Buffer.from('POST /api/session/email HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer pk_demo_terrace\r\n'
      + `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`), body]),
    'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
  ], 2);
  expect(statuses(text)).toEqual([413, 200]);
});

test('a JSON body declared at 100 MB is refused with 413 before a byte is read', async () => {
  const { text } = await exchange([
    'POST /api/session/email HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer pk_demo_terrace\r\n'
    + 'Content-Type: application/json\r\nContent-Length: 104857600\r\n\r\n{"email":"',
  ], 1);
  expect(statuses(text)).toEqual([413]);
  expect(text).toContain('"code":"payload_too_large"');
});

test('TRACE, CONNECT and unknown verbs answer 405; a broken escape answers 400, all in the JSON shape', async () => {
  for (const line of ['TRACE / HTTP/1.1', 'CONNECT 127.0.0.1:443 HTTP/1.1', 'BREW /coffee HTTP/1.1']) {
    const { text } = await exchange([`${line}\r\nHost: 127.0.0.1\r\n\r\n`], 1);
    expect(statuses(text), line).toEqual([405]);
    expect(text, line).toContain('"code":"method_not_allowed"');
  }
  const { text } = await exchange(['GET /api/user/me/transactions?cursor=%ZZ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'], 1);
  expect(statuses(text)).toEqual([400]);
  expect(text).toMatch(/"code":"bad_request".*"requestId":"[0-9a-f-]{36}"/);
});

test('a line break in an /api address and a session cookie that cannot be a token answer 4xx, not 500', async ({ request }) => {
  for (const path of ['/api/challenge/%0A', '/api/challenge/%0D%0Ax', '/api/consent/user/%00']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(422);
    expect((await res.json()).error.code, path).toBe('validation_failed');
  }
  for (const value of ['%00', 'a%0Ab', 'two words']) {
    const res = await request.get('/api/user/me', { headers: { cookie: `terrace_session=${value}` } });
    expect(res.status(), value).toBe(401);
    const page = await request.get('/dashboard', { headers: { cookie: `terrace_session=${value}` }, maxRedirects: 0 });
    expect(page.status(), value).toBe(302);
  }
});
