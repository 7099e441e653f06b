import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
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

/** The demo organization's key, which the sign-in endpoints (the console's too) take; the pages add it themselves. */
export const ORGANIZATION = { Authorization: 'Bearer pk_demo_terrace' };

/**
 * Signs `email` in through the API the sign-in pages call (a code by mail, then verify) and gives the browser
 * context the session cookie: for tests where the sign-in is not what is under test (sign-in.spec.ts tests it).
 */
export async function signInThroughApi(context: BrowserContext, email: string): Promise<void> {
  const before = await mailCount(context.request, email, BASE_URL);
  expect((await context.request.post('/api/session/email', { headers: ORGANIZATION, data: { email } })).status()).toBe(202);
  const code = await latestCode(context.request, email, before);
  const verified = await context.request.post('/api/session/email/verify', { headers: ORGANIZATION, data: { email, code } });
  expect(verified.status()).toBe(200);
  const { data } = await verified.json() as { data: { token: string } };
  // For 127.0.0.1 whatever the port (cookies keep no port), so it serves a spec's own http server too.
  await context.addCookies([{ name: 'terrace_session', value: data.token, url: BASE_URL, httpOnly: true, sameSite: 'Lax' }]);
}

/** Chooses the entry membership and dismisses the welcome, as a new supporter's first pages do; sets the birthday. */
export async function onboard(request: APIRequestContext, birthday: string | null = ADULT_BIRTHDAY): Promise<void> {
  const chose = await request.post('/api/membership/choose', { data: { membership: 'entry' } });
  const welcomed = await request.post('/api/user/me/welcome');
  const born = birthday === null ? 201 : (await request.patch('/api/user/me', { data: { birthday } })).status();
  expect([chose.status(), welcomed.status(), born]).toEqual([200, 201, 201]);
}

/**
 * Signs in through the API and leaves the page blank: the test opens the first page it looks at (each page load
 * is a test's main cost), and calls the API through `page.request`, which carries the session cookie.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  await signInThroughApi(page.context(), email);
}

/**
 * A new supporter past onboarding (entry membership, welcome seen), through the API as the pages call it;
 * an adult unless `birthday` says otherwise (null: none given, so the under-18 rules apply).
 */
export async function signInOnboarded(page: Page, name: string, { birthday = ADULT_BIRTHDAY }: { birthday?: string | null } = {}): Promise<void> {
  await signIn(page, freshEmail(name));
  await onboard(page.request, birthday);
}
