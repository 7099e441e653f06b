import { expect, test, type Page } from '@playwright/test';
import { signInOnboarded } from './support/sign-in.ts';

// Signed-in pages kept in memory per supporter (src/server/http/supporter-page-cache.ts): a supporter who
// comes back gets the page made a moment ago, and never one from before something changed.

const standing = (page: Page) => page.getByRole('region', { name: 'Your points' });
const formKey = (page: Page) => page.locator('#checkin input[name="idempotencyKey"]').first().inputValue();

test('a page served again from memory shows a check-in made on another device at once, and gets its own form key', async ({ page, browser }) => {
  await signInOnboarded(page, 'kept-pages');
  const first = await page.goto('/dashboard');
  expect(first?.headers()['x-page-cache']).toBeUndefined();
  const firstKey = await formKey(page);

  const again = await page.goto('/dashboard');
  expect(again?.headers()['x-page-cache']).toBe('hit');
  await expect(standing(page).locator('[aria-hidden="true"]').first()).toHaveText('0 points');
  // A second view of the same page never shares a form key with the first (a double submit across tabs).
  expect(await formKey(page)).not.toBe(firstKey);

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
  expect(after?.headers()['x-page-cache']).toBeUndefined();
  await expect(standing(page).locator('[aria-hidden="true"]').first()).toHaveText('10 points');
  await expect(page.getByRole('region', { name: 'Daily check-in' })).toContainText('1 day in a row');
  // The challenges list is kept apart, by address.
  await page.goto('/challenges');
  expect((await page.goto('/challenges'))?.headers()['x-page-cache']).toBe('hit');
});

test('a page is kept per language: switching to Spanish shows Spanish at once', async ({ page, context }) => {
  await signInOnboarded(page, 'kept-pages-es');
  await page.goto('/dashboard');
  expect((await page.goto('/dashboard'))?.headers()['x-page-cache']).toBe('hit');
  const { hostname } = new URL(page.url());
  await context.addCookies([{ name: 'terrace_lang', value: 'es', domain: hostname, path: '/' }]);
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
