import { expect, test } from '@playwright/test';
import { startBuiltServer, startFaultProxy, type FaultProxy, type Running } from './support/extra-server.ts';
import { APP_PORT } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';

// What a supporter sees when the API fails (spec section 8). The pages' server-side calls go out over
// HTTP (API_ORIGIN) through a proxy that counts them and fails the chosen ones, as a broken API would.
const API = APP_PORT + 40;
const PROXY = APP_PORT + 41;
const FRONT = APP_PORT + 42;
let api: Running;
let proxy: FaultProxy;
let front: Running;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  api = await startBuiltServer(API);
  proxy = await startFaultProxy(PROXY, api.origin);
  front = await startBuiltServer(FRONT, { API_ORIGIN: proxy.origin });
});
test.afterAll(async () => {
  await front?.stop();
  await proxy?.stop();
  await api?.stop();
});
test.use({ baseURL: `http://127.0.0.1:${FRONT}` });
test.describe.configure({ mode: 'serial' });

test('S-181: a failed GET /checkin leaves the dashboard whole, without the check-in card and without a message', async ({ page }) => {
  test.setTimeout(60_000);
  await signInOnboarded(page, 'checkin-down');
  proxy.fail('GET /api/checkin', 503);
  try {
    const response = await page.goto('/dashboard');
    expect(response?.status()).toBe(200);
    expect(proxy.counts.get('GET /api/checkin')).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your points' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Open challenges' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Daily check-in' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/could not be loaded/i)).toHaveCount(0);
    // The open challenges too: the section is left out, with no word about it.
    proxy.fail('GET /api/challenge', 503);
    expect((await page.goto('/dashboard'))?.status()).toBe(200);
    await expect(page.getByRole('region', { name: 'Your points' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Open challenges' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/could not be loaded/i)).toHaveCount(0);
  } finally {
    proxy.fail('GET /api/checkin', undefined);
    proxy.fail('GET /api/challenge', undefined);
  }
  // The API back, the card is back.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Daily check-in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open challenges' })).toBeVisible();
});

test('S-140: a failing GET /user/me is asked once per page and shows the error screen with its status', async ({ page }) => {
  test.setTimeout(60_000);
  await signInOnboarded(page, 'me-down');
  proxy.counts.clear();
  proxy.fail('GET /api/user/me', 503);
  try {
    const response = await page.goto('/dashboard');
    expect(response?.status()).toBe(503);
    await expect(page.getByText('503', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sorry, this page cannot be found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(proxy.counts.get('GET /api/user/me')).toBe(1);
  } finally {
    proxy.fail('GET /api/user/me', undefined);
  }
  // The session was not dropped for it: once the API answers, the supporter is still signed in.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Your points' })).toBeVisible();

  // One GET /user/me also for a page that ends on the 404 screen (the middleware's rewrite keeps what it loaded).
  proxy.counts.clear();
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('Page not found')).toBeVisible();
  expect(proxy.counts.get('GET /api/user/me')).toBe(1);
});
