import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { earn105Points, setBirthday } from './support/supporter.ts';

// Issue 14, sweepstakes: the list and a sweepstake's page, entering with points (with and without
// JavaScript) and for free, too few points, the rules PDF, a supporter under 18, and Spanish.

const SHIRT = '/sweepstakes/signed-home-shirt';

const headerPoints = (page: Page) => page.locator('header [data-points]');
const entrySection = (page: Page) => page.locator('#enter');

async function withoutScript(browser: Browser, page: Page) {
  return browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
}

test.describe('the sweepstakes list', () => {
  test('shows live, then coming soon, then ended with its winners, each with its picture, cost and the supporter\'s entries', async ({ page }) => {
    await signInOnboarded(page, 'sweep-list');
    await page.goto('/sweepstakes');
    const headings = page.locator('main h2');
    await expect(headings.nth(0)).toHaveText('Live now');
    await expect(headings.nth(1)).toHaveText('Coming soon');
    await expect(headings.nth(2)).toHaveText('Ended');
    const live = page.getByRole('region', { name: 'Live now' });
    await expect(live.getByRole('listitem')).toHaveCount(2);
    await expect(live.getByRole('link', { name: /A signed home shirt/ })).toContainText('50 points per entry');
    await expect(live.locator('img').first()).toHaveAttribute('src', /\/images\/sweepstakes\/.+\.webp$/);
    const ended = page.getByRole('region', { name: 'Ended' });
    await expect(ended).toContainText(/Winners: [A-Z][a-z]+ [A-Z]\., [A-Z][a-z]+ [A-Z]\./);
    await page.getByRole('link', { name: /A signed home shirt/ }).click();
    await expect(page).toHaveURL(new RegExp(`${SHIRT}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'A signed home shirt' })).toBeVisible();
  });
});

test.describe('entering a sweepstake', () => {
  test('with JavaScript: the stepper shows the total and the balance after; entering drops the balance and raises the entries', async ({ page }) => {
    await signInOnboarded(page, 'sweep-js');
    await earn105Points(page);
    await page.goto(SHIRT);
    const section = entrySection(page);
    await expect(section.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(headerPoints(page)).toHaveText('105');
    await expect(section).toContainText('You have not entered yet.');
    await section.getByRole('button', { name: 'One entry more' }).click();
    await expect(section.getByLabel('Number of entries')).toHaveValue('2');
    await expect(section.locator('[data-entry-total]')).toHaveText('100 points');
    await expect(section.locator('[data-entry-balance-after]')).toHaveText('5 points');
    await section.getByRole('button', { name: 'One entry more' }).click();
    await expect(section).toContainText('You are 45 points short for this many entries.');
    await expect(section.getByRole('button', { name: 'Enter', exact: true })).toBeDisabled();
    await section.getByRole('button', { name: 'One entry fewer' }).click();
    await section.getByRole('button', { name: 'Enter', exact: true }).click();
    // A first entry ever is celebrated full screen (moments.spec.ts); closed, the page is the page again.
    await page.getByRole('dialog', { name: 'You are in your first draw!' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem'))
      .toContainText('You now have 2 entries in this draw. You spent 100 points.');
    await expect(section).toContainText('You have 2 entries in this draw.');
    await expect(headerPoints(page)).toHaveText('5');
    // The free entry: no points, one more entry, then used.
    await section.getByRole('button', { name: 'Enter for free' }).click();
    await expect(section).toContainText('You have 3 entries in this draw.');
    await expect(section).toContainText('You have used your free entry.');
    await expect(headerPoints(page)).toHaveText('5');
    // As the server has it, after a reload; the supporter's entries are marked by their ids.
    await page.reload();
    await expect(entrySection(page)).toContainText('You have 3 entries in this draw.');
    await expect(page.locator('[data-my-entries] li')).toHaveCount(2);
    await expect(headerPoints(page)).toHaveText('5');
  });

  test('without JavaScript: a form posted to the page enters, and too few points says how many are missing', async ({ page, browser }) => {
    await signInOnboarded(page, 'sweep-nojs');
    await earn105Points(page);
    const context = await withoutScript(browser, page);
    try {
      const plain = await context.newPage();
      await plain.goto(SHIRT);
      const section = entrySection(plain);
      await expect(section.getByRole('button', { name: 'One entry more' })).toHaveCount(0);
      await section.getByLabel('Number of entries').fill('2');
      const posted = plain.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === SHIRT);
      await section.getByRole('button', { name: 'Enter', exact: true }).click();
      expect((await posted).status()).toBe(303);
      // A first entry ever: the page opens on that moment, its badge with it (issue 26).
      await expect(plain).toHaveURL(new RegExp(`${SHIRT}#moment$`));
      const moment = plain.getByRole('region', { name: 'You are in your first draw!' });
      await expect(moment).toBeInViewport();
      await expect(moment).toContainText('You earned the First draw badge!');
      await expect(entrySection(plain)).toContainText('You have 2 entries in this draw.');
      await expect(headerPoints(plain)).toHaveText('5');
      // The flash toast, as a banner while script is off (a <noscript> note: found by its role).
      await expect(plain.getByRole('main').getByRole('status').first()).toContainText('You now have 2 entries in this draw. You spent 100 points.');

      await entrySection(plain).getByLabel('Number of entries').fill('1');
      const refused = plain.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === SHIRT);
      await entrySection(plain).getByRole('button', { name: 'Enter', exact: true }).click();
      expect((await refused).status()).toBe(422);
      await expect(entrySection(plain).getByRole('alert')).toHaveText('You need 45 more points for this (it costs 50).');
      await expect(headerPoints(plain)).toHaveText('5');

      const free = plain.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === SHIRT);
      await entrySection(plain).getByRole('button', { name: 'Enter for free' }).click();
      expect((await free).status()).toBe(303);
      await expect(entrySection(plain)).toContainText('You have 3 entries in this draw.');
    } finally {
      await context.close();
    }
  });

  test('with too few points, the island says how many are missing and offers no Enter button to press', async ({ page }) => {
    await signInOnboarded(page, 'sweep-short');
    await page.goto('/sweepstakes/matchday-hospitality');
    const section = entrySection(page);
    await expect(section.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(section).toContainText('You are 150 points short for this many entries.');
    await expect(section.getByRole('button', { name: 'Enter', exact: true })).toBeDisabled();
    await expect(section).toContainText('You have not entered yet.');
  });
});

test('the official rules open as a PDF: downloaded from a Blob with script, a plain link without', async ({ page, browser }) => {
  await signInOnboarded(page, 'sweep-rules');
  await page.goto(SHIRT);
  const link = page.getByRole('link', { name: 'Official rules (PDF)' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/media\/[0-9a-f]{64}\.pdf$/);
  await expect(page.locator('#enter astro-island[ssr]')).toHaveCount(0);
  const fetched = page.waitForResponse((r) => new URL(r.url()).pathname === href);
  const download = page.waitForEvent('download');
  await link.click();
  expect((await fetched).headers()['content-type']).toBe('application/pdf');
  const file = await download;
  expect(file.suggestedFilename()).toBe('signed-home-shirt-rules-en.pdf');
  expect(file.url()).toMatch(/^blob:/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Anyone can fetch it (a CDN can cache it), and it says what the rules must.
  const context = await withoutScript(browser, page);
  try {
    const plain = await context.request.get(`${BASE_URL}${href}`);
    expect(plain.status()).toBe(200);
    expect(plain.headers()['content-type']).toBe('application/pdf');
    expect(plain.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  } finally {
    await context.close();
  }
});

test('a supporter under 18 sees the sweepstake but no entry control, with the reason', async ({ page }) => {
  await signInOnboarded(page, 'sweep-minor');
  const birthday = `${new Date().getFullYear() - 15}-06-15`;
  await setBirthday(page, birthday);
  await page.goto(SHIRT);
  await expect(page.getByRole('heading', { level: 1, name: 'A signed home shirt' })).toBeVisible();
  const section = entrySection(page);
  await expect(section.locator('[data-entry-blocked]')).toHaveText('Sweepstakes are for supporters aged 18 or over, so you cannot enter.');
  await expect(section.getByRole('button')).toHaveCount(0);
  await expect(section.locator('form')).toHaveCount(0);
  await expect(page.getByText('Cost per entry')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Official rules (PDF)' })).toBeVisible();
  await page.goto('/sweepstakes');
  await expect(page.getByText(/per entry/)).toHaveCount(0);
});

test('in Spanish: the list, the page and what is missing', async ({ page, context }) => {
  await signInOnboarded(page, 'sweep-es');
  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: `${BASE_URL}/` }]);
  await page.goto('/sweepstakes');
  await expect(page).toHaveTitle('Sorteos · Terrace FC');
  await expect(page.getByRole('heading', { name: 'Abiertos ahora' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Próximamente' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cerrados' })).toBeVisible();
  await page.goto(SHIRT);
  const section = entrySection(page);
  await expect(section.getByRole('heading', { name: 'Participa', exact: true })).toBeVisible();
  await expect(section.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(section).toContainText('Te faltan 50 puntos para tantas participaciones.');
  await expect(section.getByRole('button', { name: 'Participar', exact: true })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Bases oficiales (PDF)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Un sorteo que cualquiera puede comprobar' })).toBeVisible();
  await page.goto('/sweepstakes/away-day-coach');
  await expect(page.getByRole('heading', { name: 'Ganadores' })).toBeVisible();
  await expect(entrySection(page)).toContainText('Las participaciones están cerradas.');
});
