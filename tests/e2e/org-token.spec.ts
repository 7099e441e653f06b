import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInOnboarded } from './support/sign-in.ts';

// Spec section 7: "After the organization loads, an x-org-token header taken from its token is added."
// The page loads the organization on the server; the browser's calls carry its token, and the API takes them.
test("an island's calls carry the organization's x-org-token, and the API accepts them", async ({ page }) => {
  await signInOnboarded(page, 'org-token');
  const organization = await page.request.get('/api/organization/current', { headers: { Authorization: 'Bearer pk_demo_terrace' } });
  const { token } = (await organization.json() as { data: { token: string } }).data;
  expect(token).toBeTruthy();

  // A photo upload goes from the browser to the API (a form's write goes through its action, on the server).
  await page.goto('/profile');
  await page.evaluate(() => document.querySelector('input[type=file]')?.scrollIntoView({ block: 'center' }));
  await expect(page.locator('astro-island:has(input[type=file])[ssr]')).toHaveCount(0);
  const input = page.getByLabel('Add a photo');
  const upload = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/media');
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0b5d3b' } }).png().toBuffer();
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const sent = await upload;
  expect(await sent.headerValue('x-org-token')).toBe(token);
  expect((await sent.response())?.status()).toBeLessThan(300);
});
