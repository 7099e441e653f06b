import { expect, test } from '@playwright/test';
import { signInOnboarded } from './support/sign-in.ts';

// Spec section 7: "After the organization loads, an x-org-token header taken from its token is added."
// The page loads the organization on the server; the browser's calls carry its token, and the API takes them.
test("an island's calls carry the organization's x-org-token, and the API accepts them", async ({ page }) => {
  await signInOnboarded(page, 'org-token');
  const organization = await page.request.get('/api/organization/current', { headers: { Authorization: 'Bearer pk_demo_terrace' } });
  const { token } = (await organization.json() as { data: { token: string } }).data;
  expect(token).toBeTruthy();

  // A consent switch saves from the browser (a form's write goes through its action, on the server).
  await page.goto('/profile');
  const sms = page.getByRole('switch', { name: 'SMS messages' });
  await sms.scrollIntoViewIfNeeded();
  await expect(sms.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  const saved = page.waitForRequest((r) => r.method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/api/consent/user/'));
  await sms.click();
  const sent = await saved;
  expect(await sent.headerValue('x-org-token')).toBe(token);
  expect((await sent.response())?.status()).toBe(200);
  await expect(sms).toHaveAttribute('aria-checked', 'true');
});
