import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { setBirthday } from './support/supporter.ts';

// The reward carousel on the dashboard: five promotional cards, an "Ad" label on paid ones, gated
// cards never shown to under-18 supporters, and a dismiss button that is a plain form (no JavaScript).

const carousel = (page: Page) => page.getByRole('region', { name: 'Rewards for you' });
const card = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

async function withoutScript(browser: Browser, page: Page) {
  return browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
}

test('the dashboard shows a row of reward cards after the check-in, with the Ad label, points and a safe call to action', async ({ page }) => {
  await signInOnboarded(page, 'carousel-row');
  await page.goto('/dashboard');
  const row = carousel(page);
  await expect(row.getByRole('listitem')).toHaveCount(5);
  await expect(row.getByRole('heading', { level: 3 })).toHaveText([
    'A streak bonus every week', 'The new home kit is here', 'A pint on Ironside Road', 'Challenge week', 'Price up the derby',
  ]);
  // The row comes after the check-in card.
  const order = await page.evaluate(() => {
    const checkin = document.getElementById('checkin');
    const rewards = document.getElementById('carousel');
    return !!checkin && !!rewards && !!(checkin.compareDocumentPosition(rewards) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(order).toBe(true);

  const kit = card(page, 'The new home kit is here');
  await expect(kit.getByText('Ad', { exact: true })).toBeVisible();
  await expect(kit).toContainText('50 points');
  await expect(card(page, 'Challenge week').getByText('Ad', { exact: true })).toHaveCount(0);
  const shop = kit.getByRole('link', { name: /Shop the kit/ });
  await expect(shop).toHaveAttribute('href', 'https://shop.terrace.example/kit');
  await expect(shop).toHaveAttribute('rel', 'noopener');
  await expect(card(page, 'Challenge week').getByRole('link', { name: 'See challenges' })).toHaveAttribute('href', '/challenges');
  const image = kit.locator('img').first();
  // The first card's picture is on the first screen (often the largest paint): fetched at once; the rest
  // wait until scrolled to.
  const images = row.getByTestId('reward-carousel').locator('li > img');
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  await expect(image).toHaveAttribute('loading', 'lazy');
  expect(await images.evaluateAll((els) => els.slice(1).every((e) => e.getAttribute('loading') === 'lazy'))).toBe(true);
  await expect(image).toHaveAttribute('width', '256');
  await expect(image).toHaveAttribute('height', '128');
  // The row scrolls sideways, card by card.
  await expect(row.getByTestId('reward-carousel')).toHaveCSS('scroll-snap-type', 'x mandatory');
});

test('without JavaScript a supporter hides a card, and after a reload it stays gone', async ({ page, browser }) => {
  await signInOnboarded(page, 'carousel-nojs');
  const context = await withoutScript(browser, page);
  try {
    const plain = await context.newPage();
    await plain.goto('/dashboard');
    await expect(card(plain, 'The new home kit is here')).toHaveCount(1);
    const posted = plain.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/dashboard');
    await plain.getByRole('button', { name: 'Hide “The new home kit is here”' }).click();
    expect((await posted).status()).toBe(303);
    await expect(plain).toHaveURL(/\/dashboard#carousel$/);
    await expect(carousel(plain).getByRole('listitem')).toHaveCount(4);
    await expect(card(plain, 'The new home kit is here')).toHaveCount(0);
    await plain.reload();
    await expect(carousel(plain).getByRole('listitem')).toHaveCount(4);
    await expect(card(plain, 'The new home kit is here')).toHaveCount(0);
  } finally {
    await context.close();
  }
  // With JavaScript too, in the first tab.
  await page.goto('/dashboard');
  await expect(carousel(page).getByRole('listitem')).toHaveCount(4);
  await expect(card(page, 'The new home kit is here')).toHaveCount(0);
});

test('an under-18 supporter sees neither the gated cards nor any points on the others', async ({ page }) => {
  await signInOnboarded(page, 'carousel-minor');
  await setBirthday(page, `${new Date().getUTCFullYear() - 15}-01-01`);
  await page.goto('/dashboard');
  const row = carousel(page);
  await expect(row.getByRole('heading', { level: 3 })).toHaveText(['A streak bonus every week', 'The new home kit is here', 'Challenge week']);
  // No points pill (a number of points) on any card; an adult sees "50 points" on the kit card.
  await expect(row.getByText(/\d+ points/)).toHaveCount(0);
  await expect(page.getByText('A pint on Ironside Road')).toHaveCount(0);
});

test('in Spanish the carousel chrome and the cards are Spanish', async ({ page }) => {
  await signInOnboarded(page, 'carousel-es');
  await page.context().addCookies([{ name: 'terrace_lang', value: 'es', url: `${BASE_URL}/` }]);
  await page.goto('/dashboard');
  const row = page.getByRole('region', { name: 'Recompensas para ti' });
  await expect(row.getByRole('listitem')).toHaveCount(5);
  const kit = card(page, 'Ya está aquí la nueva equipación');
  await expect(kit.getByText('Anuncio', { exact: true })).toBeVisible();
  await expect(kit.getByRole('link', { name: /Ver la equipación/ })).toContainText('(abre otra web)');
  await kit.getByRole('button', { name: 'Ocultar «Ya está aquí la nueva equipación»' }).click();
  await expect(page).toHaveURL(/\/dashboard#carousel$/);
  await expect(row.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText('Tarjeta ocultada')).toBeVisible();
});
