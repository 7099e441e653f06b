import { expect, test, type Browser, type Page } from '@playwright/test';
import { contrastRatio } from './support/contrast.ts';
import { BASE_URL } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';

// The daily check-in with JavaScript off: a real form posted to /dashboard for the check-in action
// (the one the card calls), then back to the card (#checkin).

async function withoutScript(browser: Browser, page: Page, language?: 'es') {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  if (language) {
    await context.addCookies([{ name: 'terrace_lang', value: language, url: `${BASE_URL}/` }]);
  }
  return context;
}

const dashboardPost = (page: Page) => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/dashboard');

test('without JavaScript a supporter checks in, sees the streak and balance move, and a second tab of the same page replays it', async ({ page, browser }) => {
  await signInOnboarded(page, 'checkin-nojs');
  const context = await withoutScript(browser, page);
  try {
    const plain = await context.newPage();
    // A second tab, opened before the check-in.
    const stale = await context.newPage();
    await stale.goto('/dashboard');

    await plain.goto('/dashboard');
    const card = plain.getByRole('region', { name: 'Daily check-in' });
    const standing = plain.getByRole('region', { name: 'Your points' });
    await expect(card).toContainText('0 days in a row');
    await expect(standing.locator('[aria-hidden="true"]').first()).toHaveText('0 points');
    const button = card.getByRole('button', { name: 'Check in' });
    await expect(button).toBeEnabled();
    await expect(button).toHaveCSS('opacity', '1');

    const posted = dashboardPost(plain);
    await button.click();
    expect((await posted).status()).toBe(303);
    // The first check-in earns a badge: the page opens on that moment, server-rendered (issue 26, point 3).
    await expect(plain).toHaveURL(/\/dashboard#moment$/);
    const moment = plain.getByRole('region', { name: 'You earned the First check-in badge!' });
    await expect(moment).toBeInViewport();
    await expect(moment.locator('img[src="/images/badges/first-checkin.svg"]')).toBeVisible();
    expect(await plain.evaluate(() => document.querySelector(':target')?.id)).toBe('moment');
    await expect(card).toContainText('1 day in a row');
    await expect(standing.locator('[aria-hidden="true"]').first()).toHaveText('10 points');
    // Done reads as done: a check mark and words with AA contrast, not a faded button.
    const done = card.getByRole('button', { name: 'Checked in today' });
    await expect(done).toBeDisabled();
    await expect(card).toContainText('Come back tomorrow to keep your streak going.');
    expect(await contrastRatio(done)).toBeGreaterThanOrEqual(4.5);

    // The tab opened before is the same page with the same form key: its check-in is a double submit,
    // answered as the first was, and paid once.
    const replayed = dashboardPost(stale);
    await stale.getByRole('button', { name: 'Check in' }).click();
    expect((await replayed).status()).toBe(303);
    await expect(stale.getByRole('region', { name: 'Daily check-in' }).getByRole('button', { name: 'Checked in today' })).toBeDisabled();
    await expect(stale.getByRole('region', { name: 'Your points' }).locator('[aria-hidden="true"]').first()).toHaveText('10 points');

    // The balance leads to the history, where the check-in is.
    await standing.getByRole('link', { name: /see your history/ }).click();
    await expect(plain).toHaveURL(/\/history$/);
    await expect(plain.getByRole('row').nth(1)).toContainText('Daily check-in');
    await expect(plain.getByRole('row').nth(1)).toContainText('+10');
  } finally {
    await context.close();
  }
});

test('without JavaScript, a page from before a check-in made on another device is refused beside the button', async ({ page, browser }) => {
  await signInOnboarded(page, 'checkin-nojs-stale');
  const context = await withoutScript(browser, page);
  try {
    const stale = await context.newPage();
    await stale.goto('/dashboard');
    // The same supporter checks in on their phone (with JavaScript: a key of its own).
    const orgKey = await stale.locator('html').getAttribute('data-org-key');
    expect((await page.request.post('/api/checkin', { headers: { Authorization: `Bearer ${orgKey}`, 'Content-Type': 'application/json' } })).status()).toBe(200);

    const refused = dashboardPost(stale);
    await stale.getByRole('button', { name: 'Check in' }).click();
    expect((await refused).status()).toBe(422);
    const staleCard = stale.getByRole('region', { name: 'Daily check-in' });
    await expect(staleCard.getByRole('status')).toHaveText('You have already checked in today. Come back tomorrow.');
    await expect(staleCard.getByRole('button', { name: 'Checked in today' })).toBeDisabled();
    await expect(stale.getByRole('region', { name: 'Your points' }).locator('[aria-hidden="true"]').first()).toHaveText('10 points');
  } finally {
    await context.close();
  }
});

test('the same form posted twice with one key checks in once', async ({ page }) => {
  await signInOnboarded(page, 'checkin-key');
  await page.goto('/dashboard');
  const key = await page.locator('input[name="idempotencyKey"]').first().inputValue();
  const origin = new URL(page.url()).origin;
  const action = await page.locator('#checkin form').getAttribute('action');
  const send = () => page.request.post(action!, { form: { idempotencyKey: key }, headers: { Origin: origin }, maxRedirects: 0 });
  expect((await send()).status()).toBe(303);
  expect((await send()).status()).toBe(303);
  const points = await page.evaluate(async () => (await (await fetch('/api/user/me/points')).json()).data);
  expect(points).toEqual({ points: 10, lifetime_points: 10 });
});

test('sin JavaScript, en español: la visita diaria se registra y el saldo sube', async ({ page, browser }) => {
  await signInOnboarded(page, 'checkin-nojs-es');
  const context = await withoutScript(browser, page, 'es');
  try {
    const plain = await context.newPage();
    await plain.goto('/dashboard');
    await expect(plain.locator('html')).toHaveAttribute('lang', 'es');
    const card = plain.getByRole('region', { name: 'Visita diaria' });
    await expect(card).toContainText('0 días seguidos');
    await card.getByRole('button', { name: 'Registrar mi visita' }).click();
    // The first check-in earns a badge: the page opens on that moment, server-rendered (issue 26, point 3).
    await expect(plain).toHaveURL(/\/dashboard#moment$/);
    const moment = plain.getByRole('region', { name: '¡Has ganado la insignia Primera visita!' });
    await expect(moment).toBeInViewport();
    await expect(moment.locator('img[src="/images/badges/first-checkin.svg"]')).toBeVisible();
    expect(await plain.evaluate(() => document.querySelector(':target')?.id)).toBe('moment');
    await expect(card).toContainText('1 día seguido');
    await expect(card.getByRole('button', { name: 'Visita de hoy registrada' })).toBeDisabled();
    await expect(card).toContainText('Vuelve mañana para mantener tu racha.');
    const standing = plain.getByRole('region', { name: 'Tus puntos' });
    await expect(standing.locator('[aria-hidden="true"]').first()).toHaveText('10 puntos');
    await expect(standing).toContainText('Rango P10');
    await expect(standing).toContainText('Te faltan 90 puntos para P9');
    await expect(standing.getByRole('progressbar', { name: 'Progreso hacia P9' })).toBeVisible();
    await expect(standing.getByRole('link', { name: /ver tu historial/ })).toHaveAttribute('href', '/history');
    await expect(plain.getByRole('heading', { level: 2, name: 'Retos abiertos' })).toBeVisible();
  } finally {
    await context.close();
  }
});
