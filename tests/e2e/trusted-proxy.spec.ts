import { request as httpRequest } from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { startBuiltServer, type Running } from './support/extra-server.ts';
import { latestCode, mailCount } from './support/mailbox.ts';
import { startNginx } from './support/nginx.ts';
import { APP_PORT, SINK_HTTP_PORT } from './support/ports.ts';
import { freshEmail } from './support/sign-in.ts';

// The production build behind a real nginx, trusted with TRUSTED_PROXIES. Clients are told apart by real
// source addresses: on Linux all of 127.0.0.0/8 is this machine, so a client can connect from 127.0.1.7.
const APP = APP_PORT + 60;
const PROXY = APP_PORT + 61;
const PROXY_ORIGIN = `http://127.0.0.1:${PROXY}`;
let app: Running;
let nginx: Running;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startBuiltServer(APP, {
    PUBLIC_URL: PROXY_ORIGIN, TRUSTED_PROXIES: '127.0.0.1',
    // The default: every supporter behind the proxy used to share one budget of 100 codes.
    SIGN_IN_CODES_PER_IP: '100',
  });
  nginx = await startNginx(PROXY, app.origin);
});
test.afterAll(async () => {
  await nginx?.stop();
  await app?.stop();
});
test.use({ baseURL: PROXY_ORIGIN });

/** A JSON call to the API through nginx, made from the source address `from`. */
function call(path: string, body: unknown, from: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: { data?: { token?: string }; error?: { code: string; message: string } } }>((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1', port: PROXY, path, method: 'POST', localAddress: from,
      headers: { 'content-type': 'application/json', authorization: 'Bearer pk_demo_terrace', ...headers },
    }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** The codes mailed to `emails`, read from the SMTP sink in one listing per poll (not one per address). */
async function codesFor(request: APIRequestContext, emails: string[]): Promise<string[]> {
  await expect.poll(async () => {
    const { data } = await (await request.get(`http://127.0.0.1:${SINK_HTTP_PORT}/messages`)).json() as { data: { to: string; subject: string }[] };
    return emails.map((email) => /\b(\d{6})\b/.exec(data.find((m) => m.to.includes(email))?.subject ?? '')?.[1]);
  }, { timeout: 20_000 }).not.toContain(undefined);
  const { data } = await (await request.get(`http://127.0.0.1:${SINK_HTTP_PORT}/messages`)).json() as { data: { to: string; subject: string }[] };
  return emails.map((email) => /\b(\d{6})\b/.exec(data.find((m) => m.to.includes(email))!.subject)![1]!);
}

test('200 supporters behind one trusted proxy, each from its own address, all sign in', async ({ request }) => {
  test.setTimeout(120_000);
  let signedIn = 0;
  for (let batch = 0; batch < 200; batch += 20) {
    const clients = Array.from({ length: 20 }, (_, j) => ({ from: `127.0.1.${batch + j + 1}`, email: freshEmail(`behind-proxy-${batch + j}`) }));
    const asked = await Promise.all(clients.map(({ from, email }) => call('/api/session/email', { email }, from)));
    expect(asked.map((a) => a.status)).toEqual(clients.map(() => 202));
    const codes = await codesFor(request, clients.map((c) => c.email));
    const verified = await Promise.all(clients.map(({ from, email }, j) => call('/api/session/email/verify', { email, code: codes[j] }, from)));
    signedIn += verified.filter((v) => v.status === 200 && v.body.data?.token).length;
  }
  expect(signedIn).toBe(200);
});

test('a client cannot pass for another by sending X-Forwarded-For itself', async ({ request }) => {
  const email = freshEmail('spoofed');
  expect((await call('/api/session/email', { email }, '127.0.2.1')).status).toBe(202);
  const code = await latestCode(request, email, PROXY_ORIGIN);
  // 127.0.2.2 claims to be 127.0.2.1: nginx appends the real address, and only that is believed.
  const spoofed = await call('/api/session/email/verify', { email, code }, '127.0.2.2', { 'x-forwarded-for': '127.0.2.1' });
  expect(spoofed.status).toBe(422);
  expect(spoofed.body.error?.message).toBe('This code was asked for from another device or network. Ask for a new code here.');
  expect((await call('/api/session/email/verify', { email, code }, '127.0.2.1')).status).toBe(200);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an attacker\'s requests and wrong codes for an address leave its owner signing in on /login; the owner\'s own limit is said', async ({ page }) => {
    const email = freshEmail('targeted');
    const attacker = '127.0.3.1';
    const asked: number[] = [];
    for (let i = 0; i < 5; i += 1) asked.push((await call('/api/session/email', { email }, attacker)).status);
    expect(asked).toEqual([202, 202, 202, 202, 429]);
    for (let i = 0; i < 10; i += 1) {
      expect((await call('/api/session/email/verify', { email, code: String(100000 + i) }, attacker)).status).toBe(422);
    }

    // The owner (this browser, 127.0.0.1 to nginx) asks for a code with the plain form and uses it.
    const signIn = async () => {
      const before = await mailCount(page.request, email, PROXY_ORIGIN);
      await page.goto('/login');
      await page.getByLabel('E-mail address').fill(email);
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await expect(page).toHaveURL(/\/login\/verify-email/);
      return latestCode(page.request, email, PROXY_ORIGIN, before);
    };
    const code = await signIn();
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);

    // Its own budget is four codes an hour from one client: the fifth is refused, in words, on the form.
    await page.context().clearCookies();
    for (let i = 0; i < 3; i += 1) await signIn();
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(email);
    const refused = page.waitForResponse((r) => r.url().endsWith('/login') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    expect((await refused).status()).toBe(429);
    await expect(page.getByRole('alert')).toHaveText('Too many attempts. Wait 60 minutes and try again.');
  });
});
