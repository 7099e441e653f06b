import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode as readLatestCode, mailCount } from './mailbox.ts';

import { BASE_URL } from './ports.ts';

/**
 * The newest 6-digit sign-in code mailed to `email` (the digits in the subject), waiting for it.
 * Read from the development outbox (GET /api/dev/mail) when the suite runs against `astro dev`;
 * mailbox.ts decides where mail is read, so this follows the lead's SMTP sink too.
 */
export function latestCode(request: APIRequestContext, email: string, notBefore = 0): Promise<string> {
  return readLatestCode(request, email, BASE_URL, notBefore);
}

/**
 * Signs in as a supporter does: e-mail on /login, the mailed code on /login/verify-email. The fields are
 * found by their names, so this works in whichever language the browser has chosen (sign-in.spec.ts
 * checks the labels themselves).
 */
export async function signInThroughUi(page: Page, email: string): Promise<void> {
  const before = await mailCount(page.request, email, BASE_URL);
  await page.goto('/login');
  const login = page.locator('form:has(input[name="email"])');
  await login.locator('input[name="email"]').fill(email);
  await login.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login\/verify-email/);
  const verify = page.locator('form:has(input[name="code"])');
  await verify.locator('input[name="code"]').fill(await latestCode(page.request, email, before));
  await verify.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A fresh address per call, so tests running side by side never share an account. */
export function freshEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** An adult's birthday (never today's date, so no birthday bonus); without one the under-18 rules apply. */
export const ADULT_BIRTHDAY = '1990-05-17';

/**
 * A new supporter past onboarding (entry membership, welcome seen), through the API as the pages call it;
 * an adult unless `birthday` says otherwise (null: none given, so the under-18 rules apply).
 */
export async function signInOnboarded(page: Page, name: string, { birthday = ADULT_BIRTHDAY }: { birthday?: string | null } = {}): Promise<void> {
  await signInThroughUi(page, freshEmail(name));
  const statuses = await page.evaluate(async (birthday) => {
    const chose = await fetch('/api/membership/choose', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ membership: 'entry' }),
    });
    const welcomed = await fetch('/api/user/me/welcome', { method: 'POST' });
    const born = birthday === null ? 201 : (await fetch('/api/user/me', {
      method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ birthday }),
    })).status;
    return [chose.status, welcomed.status, born];
  }, birthday);
  expect(statuses).toEqual([200, 201, 201]);
}
