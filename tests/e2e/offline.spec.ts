import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { BASE_URL } from './support/ports.ts';
import { serverLog } from './support/server-log.ts';
import { signInOnboarded } from './support/sign-in.ts';

// Issue 26, point 1 and 2: the app installs, shows its offline page and the pages a supporter opened when there
// is no signal, and a check-in pressed with no signal is kept on the phone and credited once when it returns.
// The service worker is on here only (playwright.config.ts blocks it for every other spec).
test.use({ serviceWorkers: 'allow' });

/** The service worker controls the page: installed, activated, and answering its requests. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

test('Chromium finds the app installable: manifest, icons and service worker', async () => {
  // Not in an incognito context (Chromium never offers to install from one): a profile of its own.
  const profile = mkdtempSync(join(tmpdir(), 'terrace-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env['E2E_CHROME_PATH'] ?? '/usr/bin/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu'], baseURL: BASE_URL,
  });
  try {
    const page = await context.newPage();
    await signInOnboarded(page, 'install');
    await page.goto('/dashboard');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    const { url, errors: manifestErrors } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${BASE_URL}/manifest.webmanifest`);
    expect(manifestErrors).toEqual([]);
    // The profile offers it: the browser's own prompt where it makes the offer, else the menu's words.
    await page.goto('/profile');
    const install = page.getByRole('region', { name: 'Put the app on your phone' });
    await expect(install.getByRole('button', { name: 'Install the app' }).or(install.getByText('Add to Home screen'))).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('with no signal, a page opened before opens again, and any other shows the offline page', async ({ page, context }) => {
  await signInOnboarded(page, 'offline-pages');
  await page.goto('/dashboard');
  await controlled(page);
  await page.goto('/history');
  const title = await page.title();
  await context.setOffline(true);
  await page.goto('/history');
  expect(await page.title()).toBe(title);
  await page.goto('/referral');
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/dashboard');
  // The code an award loads at a tap is on the phone: its toast, and the celebration with its confetti and the
  // first check-in's badge. As the signal returned, a fetch of the celebration failed and reloaded the page onto
  // this offline page.
  const kept = await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) =>
    (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)))).flat());
  for (const chunk of ['ToastItem', 'celebrate', 'confetti.module', 'actions-client']) {
    expect(kept.some((path) => path.startsWith(`/_astro/${chunk}.`)), chunk).toBe(true);
  }
  expect(kept).toContain('/images/badges/first-checkin.svg');
  await context.setOffline(false);
});

test('a check-in pressed with no signal is kept, then credited once, to its day, when the signal returns', async ({ page, context }) => {
  await signInOnboarded(page, 'offline-checkin');
  await page.goto('/dashboard');
  await controlled(page);
  const card = page.getByRole('region', { name: 'Daily check-in' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(card.getByRole('button', { name: 'Saved on this phone' })).toBeVisible();
  await expect(card.getByRole('status')).toContainText('No signal: your check-in is kept on this phone');

  await context.setOffline(false);
  // Sent when the browser says the signal is back (Background Sync, or the page's online event), which on a busy
  // machine came after the default 5 s once: the wait is for the card to change, however long that takes.
  await expect(card.getByRole('button', { name: 'Checked in today' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem')).toContainText('+10 points');
  const state = await page.evaluate(async () => (await (await fetch('/api/checkin')).json()).data);
  expect(state).toMatchObject({ days: 1, eligibleForCheckin: false });
  // Credited once, to today (the club's day the ticket was for): the history has one check-in.
  const history = await page.evaluate(async () => (await (await fetch('/api/user/me/transactions')).json()).data);
  expect(history.filter((row: { kind: string }) => row.kind === 'checkin')).toHaveLength(1);
  // Nothing is left on the phone: after a reload the card is simply done.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Daily check-in' }).getByRole('button', { name: 'Checked in today' })).toBeVisible();
  expect(await page.evaluate(() => new Promise((resolve) => {
    const open = indexedDB.open('terrace', 1);
    open.onsuccess = () => {
      const request = open.result.transaction('pending-checkins').objectStore('pending-checkins').count();
      request.onsuccess = () => resolve(request.result);
    };
  }))).toBe(0);
});

test('a page kept for one account is never shown to the next one on the phone', async ({ page, context }) => {
  await signInOnboarded(page, 'offline-first');
  await page.goto('/dashboard');
  await controlled(page);
  await page.goto('/history');
  const first = (await page.evaluate(async () => (await (await fetch('/api/user/me')).json()).data.email)) as string;
  await context.clearCookies();
  await signInOnboarded(page, 'offline-second');
  await page.goto('/dashboard');
  await context.setOffline(true);
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  expect(await page.content()).not.toContain(first);
  await context.setOffline(false);
});

test('the installed app sends a page\'s request once, as the navigation starts, whether it keeps the page or not', async ({ page }) => {
  await signInOnboarded(page, 'preload');
  await page.goto('/dashboard');
  await controlled(page);
  // Navigation preload: the request leaves while the worker starts, and the worker answers with it.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).navigationPreload.getState())).toMatchObject({ enabled: true });
  const id = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  // A supporter's page (kept for no signal) and a console one (left to the network), by addresses no one else asks for.
  const supporterPage = `/no-such-page-${id}`;
  const consolePage = `/admin/no-such-page-${id}`;
  for (const path of [supporterPage, consolePage]) await page.goto(path);
  // The server logs its requests in order: once this last one is there, every earlier one is too.
  const last = `/no-such-page-${id}-last`;
  await page.goto(last);
  const served = (path: string) => serverLog().split('\n').filter((line) => line.includes(`"path":"${path}"`)).length;
  await expect.poll(() => served(last)).toBe(1);
  expect([served(supporterPage), served(consolePage)]).toEqual([1, 1]);
});
