import { expect, test } from '@playwright/test';
import { signInOnboarded } from './support/sign-in.ts';

// Spec section 7: "After the organization loads, an x-org-token header taken from its token is added."
// The page loads the organization on the server; the browser's calls carry its token, and the API takes them.
test("an island's calls carry the organization's x-org-token, and the API accepts them", async ({ page }) => {
  await signInOnboarded(page, 'org-token');
  const organization = await page.request.get('/api/organization/current', { headers: { Authorization: 'Bearer pk_demo_terrace' } });
  const { token } = (await organization.json() as { data: { token: string } }).data;
  expect(token).toBeTruthy();

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Daily check-in' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  const checkin = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/checkin');
  await card.getByRole('button', { name: 'Check in' }).click();
  const sent = await checkin;
  expect(await sent.headerValue('x-org-token')).toBe(token);
  expect((await sent.response())?.status()).toBe(200);
  await expect(card).toContainText('1 day in a row');
});
