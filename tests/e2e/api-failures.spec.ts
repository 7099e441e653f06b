import { expect, test } from '@playwright/test';
import { startBuiltServer, startFaultProxy, type FaultProxy, type Running } from './support/extra-server.ts';
import { APP_PORT } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';

// What a supporter sees when the API fails (spec section 8, a consent save, a story's chapter view). The pages' server-side calls go out over
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

test('a consent update that fails goes back and is only logged', async ({ page }) => {
  await signInOnboarded(page, 'consent-down');
  await page.goto('/profile');
  // client:visible: brought on screen by the page itself (the island may swap the element while it hydrates).
  await page.evaluate(() => document.querySelector('[role=switch]')?.scrollIntoView({ block: 'center' }));
  await expect(page.locator('astro-island:has([role=switch])[ssr]')).toHaveCount(0);
  const errors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  const CONSENT = /^PATCH \/api\/consent\/user\//;
  proxy.fail(CONSENT, 503);
  try {
    const partner = page.getByRole('switch', { name: 'Partner offers' });
    // The island sends the consent action; the action's PATCH to the API is the one that fails.
    const saved = page.waitForResponse((r) => r.url().includes('/_actions/profile.setConsent'));
    await partner.click();
    expect((await saved).status()).toBe(503);
    await expect(partner).toHaveAttribute('aria-checked', 'false');
    await expect(partner).toBeEnabled();
    await expect.poll(() => errors.some((text) => text.includes('Consent update failed'))).toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    proxy.fail(CONSENT, undefined);
  }
});

test('a chapter view answered 422 shows the spec error', async ({ page }) => {
  await signInOnboarded(page, 'stories-422');
  const { data } = await (await page.request.get('/api/content/stories')).json() as { data: Array<{ id: string; title: string }> };
  const id = data.find((s) => s.title === 'Save to Home')!.id;
  const CHAPTER_VIEW = /^POST \/api\/content\/stories\/[^/]+\/chapter-view\//;
  proxy.fail(CHAPTER_VIEW, 422);
  try {
    await page.goto(`/stories/${id}`);
    const notices = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
    await expect(notices).toContainText('Error marking story chapter as watched');
    await expect(notices).toContainText('This chapter was not counted.');
  } finally {
    proxy.fail(CHAPTER_VIEW, undefined);
  }
});
