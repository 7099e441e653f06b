import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { BASE_URL } from './support/ports.ts';
import { serverLog } from './support/server-log.ts';
import { freshEmail, latestCode, signInThroughUi } from './support/sign-in.ts';

// The built server's JSON log (support/server-log.ts) after a session of mistakes holds no session token, no
// sign-in code, no e-mail address and no profile value.

test('a session of mistakes leaves no secret in the server log', async ({ page, context }) => {
  const email = freshEmail('logcheck');
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = await latestCode(page.request, email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Code').fill(wrong);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await signInThroughUi(page, email);
  const token = (await context.cookies()).find((c) => c.name === 'terrace_session')!.value;
  const secrets = [token, code, wrong, email, email.split('@')[0]!, 'Zebedee', 'not a phone 424242'];

  // A 422 profile save (a plain form post the server hands to the API), a 404 challenge page, and
  // failing API calls made with the session as bearer, with an Idempotency-Key and the org token.
  await page.goto('/profile/edit');
  await page.getByLabel('First name').fill('Zebedee');
  await page.getByLabel('Phone number').fill('not a phone 424242');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Some details need another look.');
  expect((await page.goto('/challenges/polls/no-such-challenge'))?.status()).toBe(404);
  const statuses = await page.evaluate(async () => Promise.all([
    fetch('/api/challenge/no-such-challenge').then((r) => r.status),
    fetch('/api/user/me', {
      method: 'PATCH', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'key-424242' },
      body: JSON.stringify({ firstName: 'Zebedee', phoneNumber: 'not a phone 424242' }),
    }).then((r) => r.status),
  ]));
  expect(statuses).toEqual([404, 422]);
  secrets.push('key-424242');

  await expect.poll(() => serverLog()).toContain('"status":422');
  const log = serverLog();
  const lines = log.split('\n').filter(Boolean);
  // Every line is JSON: one per request, one per error.
  expect(lines.filter((l) => !l.startsWith('{'))).toEqual([]);
  expect(log).toContain('"msg":"request"');
  expect(log).toContain('"msg":"API call failed"');
  for (const secret of secrets) {
    // A sign-in code is six digits, which a random request id holds now and then (one held 000000): a code is
    // looked for standing on its own, not inside a longer run of letters and digits.
    if (/^\d+$/.test(secret)) expect(log, 'the log holds a code').not.toMatch(new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`));
    else expect(log, 'the log holds a secret').not.toContain(secret);
  }
  expect(log).not.toMatch(/Bearer |pk_demo_terrace|@example\.com/);
});

/** One request on its own connection: the status, the reason phrase of its status line, and the request id. */
function exchange(method: string, path: string, headers: Record<string, string> = {}, body = '') {
  return new Promise<{ status: number; reason: string; requestId: string }>((resolve, reject) => {
    const req = httpRequest(`${BASE_URL}${path}`, { method, headers: { Connection: 'close', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, reason: res.statusMessage!, requestId: String(res.headers['x-request-id']) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

type LogLine = { level: string; msg: string; status?: number; statusText?: string; requestId?: string; headers?: Record<string, string> };
/** The server log's lines about one request: its own line, and the failed API calls made while answering it. */
function linesOf(requestId: string): LogLine[] {
  return serverLog().split('\n').filter((l) => l.includes(requestId)).map((l) => JSON.parse(l) as LogLine);
}

test('expected refusals are logged below error with their real status text, and pages answer with it', async () => {
  // Signed out: the API's own 401, and a page whose session cookie the server no longer knows.
  const me = await exchange('GET', '/api/user/me');
  expect([me.status, me.reason]).toEqual([401, 'Unauthorized']);
  const stale = await exchange('GET', '/profile', { Cookie: 'terrace_session=nOtAsEsSiOnThIsSeRvErKnOwS' });
  expect(stale.status).toBe(302);
  await expect.poll(() => linesOf(stale.requestId).map((l) => l.msg)).toEqual(['API call failed', 'request']);
  expect(linesOf(me.requestId)).toEqual([expect.objectContaining({ level: 'info', msg: 'request', status: 401 })]);
  expect(linesOf(stale.requestId)[0]).toMatchObject({ level: 'warn', status: 401, statusText: 'Unauthorized' });

  // A form re-rendered with its problem (a plain form post, no script) and the other pages that answer
  // another status carry that status's reason phrase, as node writes it, never "OK".
  const form = await exchange('POST', '/login', { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE_URL }, 'email=not-an-address');
  expect([form.status, form.reason]).toEqual([422, 'Unprocessable Entity']);
  const language = await exchange('POST', '/language', { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE_URL }, 'locale=xx');
  expect([language.status, language.reason]).toEqual([422, 'Unprocessable Entity']);
  const missing = await exchange('GET', '/no-such-page');
  expect([missing.status, missing.reason]).toEqual([404, 'Not Found']);
  await expect.poll(() => linesOf(form.requestId).map((l) => l.msg)).toEqual(['API call failed', 'request']);
  const refused = linesOf(form.requestId);
  expect(refused[0]).toMatchObject({ level: 'warn', status: 422, statusText: 'Unprocessable Entity' });
  for (const id of [me, stale, form, language, missing].map((r) => r.requestId)) {
    expect(linesOf(id).filter((l) => l.level === 'error')).toEqual([]);
  }
});
