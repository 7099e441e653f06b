import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startBuiltServer, startTlsProxy, type Running } from './support/extra-server.ts';
import { APP_PORT } from './support/ports.ts';
import { freshEmail, onboard, signInThroughUi } from './support/sign-in.ts';

// The production build behind a TLS-terminating proxy: the app sees plain http, browsers are on https.
const APP = APP_PORT + 20;
const PROXY = APP_PORT + 21;
let app: Running;
let proxy: Running;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  app = await startBuiltServer(APP, {
    NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('hex'), PUBLIC_URL: `https://127.0.0.1:${PROXY}`,
  });
  proxy = await startTlsProxy(PROXY, app.origin);
});
test.afterAll(async () => {
  await proxy?.stop();
  await app?.stop();
});
test.use({ baseURL: `https://127.0.0.1:${PROXY}`, ignoreHTTPSErrors: true });

test('behind an https proxy a supporter signs in, checks in and signs out, with __Host- and Secure cookies', async ({ page, context }) => {
  // Through the pages: the cookie the server sets behind the proxy is what is under test.
  await signInThroughUi(page, freshEmail('proxy'));
  await onboard(page.request);
  const session = (await context.cookies()).find((c) => c.name === '__Host-terrace_session');
  expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
  expect((await context.cookies()).some((c) => c.name === 'terrace_session')).toBe(false);

  const response = await page.goto('/dashboard');
  expect(response?.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  const card = page.getByRole('region', { name: 'Daily check-in' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(card).toContainText('1 day in a row');

  // Signing out is a plain form post: the origin check takes https://… from PUBLIC_URL as our own.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`https://127.0.0.1:${PROXY}/`);
  expect((await context.cookies()).some((c) => c.name === '__Host-terrace_session')).toBe(false);
});

test('behind the proxy, the language form post is same-origin and its cookie is Secure', async ({ page, context }) => {
  await page.goto('/about');
  const status = await page.evaluate(async () => (await fetch('/language', {
    method: 'POST', body: new URLSearchParams({ locale: 'es', returnTo: '/about' }), redirect: 'manual',
  })).status);
  expect([0, 303]).toContain(status); // 0: an opaque redirect, which is what a 303 looks like with redirect: 'manual'
  const language = (await context.cookies()).find((c) => c.name === 'terrace_lang');
  expect(language?.secure).toBe(true);
});
