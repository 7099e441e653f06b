import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL } from './support/ports.ts';
import { ADULT_BIRTHDAY, freshEmail, signInOnboarded, signInThroughUi } from './support/sign-in.ts';
import { setBirthday } from './support/supporter.ts';

// Issue 14, point 5: an activation's scannable link. A signed-out supporter who scans it signs in and lands
// back on it, collects the badge with one tap (a real form: it works without JavaScript), and finds the
// badge on the profile with the day it was earned. A repeat gives nothing more.

const MATCHDAY = '/a/matchday-millbank';
const SHOP = '/a/club-shop';

async function withoutScript(browser: Browser, page: Page, language?: 'es') {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  if (language) await context.addCookies([{ name: 'terrace_lang', value: language, url: `${BASE_URL}/` }]);
  return context;
}

const postTo = (page: Page, path: string) => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path);
const today = () => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' }).format(new Date());

test('scanned while signed out: sign in, land back on the activation, collect the badge, see it on the profile', async ({ page }) => {
  await page.goto(MATCHDAY);
  // A visitor sees the badge waiting (deep-links.spec.ts) and the guard remembers where they were going.
  await expect(page).toHaveURL(`${BASE_URL}${MATCHDAY}`);
  await signInThroughUi(page, freshEmail('activation-scan'));
  await expect(page).toHaveURL(`${BASE_URL}${MATCHDAY}`);
  // An adult: without a birthday the under-18 rules hide the points.
  await setBirthday(page, ADULT_BIRTHDAY);
  await page.reload();

  await expect(page.getByRole('heading', { level: 1, name: 'Matchday: Terrace FC v Millbank Rovers' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The Riverside Roar badge' })).toBeVisible();
  await expect(page.getByText(/^Open until /)).toBeVisible();
  const collect = page.getByRole('region', { name: 'Collect badge' });
  await expect(collect).toContainText('The Riverside Roar badge and 50 points');

  const posted = postTo(page, MATCHDAY);
  await collect.getByRole('button', { name: 'Collect badge' }).click();
  expect((await posted).status()).toBe(303);
  // The badge is this post's big moment: the page opens on it (issue 26, point 3).
  await expect(page).toHaveURL(`${BASE_URL}${MATCHDAY}#moment`);
  await expect(page.getByRole('region', { name: 'You earned the Riverside Roar badge!' })).toBeInViewport();
  await expect(page.getByRole('status').filter({ hasText: 'Badge collected: Riverside Roar' })).toContainText('You earned 50 points.');
  await expect(collect).toContainText(`You collected this badge on ${today()}`);
  await expect(collect.getByRole('button')).toHaveCount(0);

  await collect.getByRole('link', { name: 'See your badges' }).click();
  await expect(page).toHaveURL(/\/profile#badges$/);
  const badges = page.getByRole('region', { name: 'Your badges' });
  await expect(badges.getByRole('list').first().getByRole('listitem')).toHaveCount(1);
  await expect(badges.getByRole('list').first().getByRole('listitem')).toContainText('Riverside Roar');
  await expect(badges.getByRole('list').first().getByRole('listitem')).toContainText(`Earned ${today()}`);
  await expect.poll(() => badges.getByRole('list').first().locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('without JavaScript: collected once, a tab opened before says it is already collected, and nothing more is paid', async ({ page, browser }) => {
  await signInOnboarded(page, 'activation-nojs');
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Your badges' })).toContainText('No badges yet');
  const context = await withoutScript(browser, page);
  try {
    const plain = await context.newPage();
    const stale = await context.newPage();
    await stale.goto(SHOP);
    await plain.goto(SHOP);
    // No island: the form is the page. Its one script is every signed-in page's: the current user's, which carries
    // the hourly refresh and the service worker's registration.
    expect(await plain.locator('astro-island').count()).toBe(0);
    expect((await plain.locator('script[src]').evaluateAll((els) => els.map((e) => new URL((e as HTMLScriptElement).src).pathname))).sort())
      .toEqual([
        expect.stringMatching(/^\/_astro\/CurrentUser\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/),
      ]);

    const posted = postTo(plain, SHOP);
    await plain.getByRole('button', { name: 'Collect badge' }).click();
    expect((await posted).status()).toBe(303);
    await expect(plain.getByRole('status').filter({ hasText: 'Badge collected: Shop Regular' })).toContainText('You earned 25 points.');
    await expect(plain.getByRole('region', { name: 'Collect badge' })).toContainText('You collected this badge on');

    const again = postTo(stale, SHOP);
    await stale.getByRole('button', { name: 'Collect badge' }).click();
    expect((await again).status()).toBe(303);
    await expect(stale.getByRole('status').filter({ hasText: 'You already have the Shop Regular badge' }))
      .toContainText('Nothing more to collect here: it is on your profile.');

    await plain.goto('/profile');
    await expect(plain.getByRole('region', { name: 'Your badges' }).getByRole('list').first().getByRole('listitem')).toHaveText([/Shop Regular/]);
    const history = await (await plain.request.get('/api/user/me/transactions')).json();
    expect(history.data.filter((entry: { kind: string }) => entry.kind === 'activation').map((entry: { amount: number }) => entry.amount)).toEqual([25]);
  } finally {
    await context.close();
  }
});

test('an activation that has not opened says when it will, with no button; an unknown one is the 404', async ({ page }) => {
  await signInOnboarded(page, 'activation-upcoming');
  await page.goto('/a/season-ticket-renewal');
  await expect(page.getByRole('heading', { level: 1, name: 'Season-ticket renewal window' })).toBeVisible();
  await expect(page.getByText(/^It is not open yet: come back on .+ to collect it\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collect badge' })).toHaveCount(0);
  const missing = await page.goto('/a/no-such-activation');
  expect(missing?.status()).toBe(404);
  const invalid = await page.goto('/a/Not_A_Slug');
  expect(invalid?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /a/Not_A_Slug', { exact: true })).toBeVisible();
});

test('in Spanish the activation page and the badges speak Spanish; the club\'s words stay as written', async ({ page, browser }) => {
  await signInOnboarded(page, 'activation-es');
  const context = await withoutScript(browser, page, 'es');
  try {
    const plain = await context.newPage();
    await plain.goto(MATCHDAY);
    await expect(plain.locator('html')).toHaveAttribute('lang', 'es');
    await expect(plain.getByRole('heading', { level: 1, name: 'Matchday: Terrace FC v Millbank Rovers' })).toBeVisible();
    await expect(plain.getByText('Insignia para conseguir')).toBeVisible();
    await expect(plain.getByText(/^Disponible hasta el /)).toBeVisible();
    await plain.getByRole('button', { name: 'Conseguir insignia' }).click();
    await expect(plain.getByRole('status').filter({ hasText: 'Insignia conseguida: Riverside Roar' })).toContainText('Has ganado 50 puntos.');
    await plain.goto('/profile');
    const badges = plain.getByRole('region', { name: 'Tus insignias' });
    await expect(badges.getByRole('list').first().getByRole('listitem')).toContainText(/Conseguida el \d{1,2} \w+ \d{4}/);
  } finally {
    await context.close();
  }
});
