import { expect, type Page } from '@playwright/test';
import { latestCode, mailCount } from './mailbox.ts';

/** Signs in as a supporter would: e-mail form, code from the mail, code form. */
export async function signInAsSupporter(page: Page, email: string): Promise<void> {
  const baseURL = new URL(page.url() === 'about:blank' ? 'http://x' : page.url()).origin;
  const base = process.env['E2E_BASE_URL'] ?? (baseURL.startsWith('http://x') ? 'http://127.0.0.1:4390' : baseURL);
  const before = await mailCount(page.request, email, base);
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page).toHaveURL(/\/login\/verify-email/);
  const code = await latestCode(page.request, email, base, before);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A unique address per test run, so parallel tests never share an account. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}
