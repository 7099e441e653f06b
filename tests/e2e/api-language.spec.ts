import { expect, test } from '@playwright/test';
import { mailCount } from './support/mailbox.ts';
import { BASE_URL as BASE } from './support/ports.ts';
import { freshEmail, latestCode, signInOnboarded } from './support/sign-in.ts';

// The API answers in the page's language: the server's calls and the islands' calls both send it.
// Locators go by form fields and landmarks, not by words, so they hold in either language.

test('a page shows the refusal the server got in the page language: a wrong sign-in code, without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: BASE }]);
  const page = await context.newPage();
  const email = freshEmail('idioma');
  const before = await mailCount(page.request, email, BASE);
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('form:has(input[name="email"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login\/verify-email/);
  const code = await latestCode(page.request, email, before);
  await page.locator('input[name="code"]').fill(code === '000000' ? '111111' : '000000');
  await page.locator('form:has(input[name="code"]) button[type="submit"]').click();
  await expect(page.getByRole('alert')).toHaveText('Ese código no es correcto. Te quedan 4 intentos.');
  await context.close();
});

test("an island's refusal comes in the page language: its action answers in the page's words", async ({ page, context }) => {
  await signInOnboarded(page, 'isla');
  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: BASE }]);
  await page.goto('/dashboard');
  const card = page.locator('section[aria-labelledby="checkin-title"]');
  await expect(card.getByRole('button')).toBeEnabled();
  // Checked in elsewhere meanwhile: this page still offers the button, and the API refuses.
  expect(await page.evaluate(async () => (await fetch('/api/checkin', { method: 'POST' })).status)).toBe(200);
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/_actions/checkin.checkIn/');
  await card.getByRole('button').click();
  expect((await sent).status()).toBe(422);
  await expect(card.getByRole('status')).toHaveText('Ya has registrado tu visita de hoy. Vuelve mañana.');
});
