import { expect, test, type Page } from '@playwright/test';
import { signInOnboarded } from './support/sign-in.ts';

// Signed-in pages kept in memory per supporter (src/server/http/kept-pages/): a supporter who comes back
// gets the page made a moment ago, and never one from before something changed.

const standing = (page: Page) => page.getByRole('region', { name: 'Your points' });
const formKey = (page: Page) => page.locator('#checkin input[name="idempotencyKey"]').first().inputValue();

test('a page served again from memory shows a check-in made on another device at once, and a new form key', async ({ page, browser }) => {
  await signInOnboarded(page, 'kept-pages');
  const first = await page.goto('/dashboard');
  expect(first?.headers()['x-astro-cache']).toBe('MISS');
  const firstKey = await formKey(page);

  const again = await page.goto('/dashboard');
  expect(again?.headers()['x-astro-cache']).toBe('HIT');
  await expect(standing(page).locator('[aria-hidden="true"]').first()).toHaveText('0 points');
  // The same page, the same form key: a second submit of it replays the first answer.
  expect(await formKey(page)).toBe(firstKey);

  // The same supporter on another device (the same session in another browser) checks in through the API.
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  try {
    const phone = await other.newPage();
    await phone.goto('/about');
    const orgKey = await phone.locator('html').getAttribute('data-org-key');
    const checkedIn = await phone.request.post('/api/checkin', { headers: { Authorization: `Bearer ${orgKey}`, 'Content-Type': 'application/json' } });
    expect(checkedIn.status()).toBe(200);
  } finally {
    await other.close();
  }

  const after = await page.goto('/dashboard');
  expect(after?.headers()['x-astro-cache']).toBe('MISS');
  await expect(standing(page).locator('[aria-hidden="true"]').first()).toHaveText('10 points');
  await expect(page.getByRole('region', { name: 'Daily check-in' })).toContainText('1 day in a row');
  // After a write, every form gets a new key.
  expect(await formKey(page)).not.toBe(firstKey);
  // The challenges list is kept apart, by address.
  await page.goto('/challenges');
  expect((await page.goto('/challenges'))?.headers()['x-astro-cache']).toBe('HIT');
});

test('a page is kept per language: switching to Spanish shows Spanish at once', async ({ page, context }) => {
  await signInOnboarded(page, 'kept-pages-es');
  await page.goto('/dashboard');
  expect((await page.goto('/dashboard'))?.headers()['x-astro-cache']).toBe('HIT');
  const { hostname } = new URL(page.url());
  await context.addCookies([{ name: 'terrace_lang', value: 'es', domain: hostname, path: '/' }]);
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
