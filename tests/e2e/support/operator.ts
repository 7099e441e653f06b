import { expect, type Page } from '@playwright/test';
import { CONSOLE_COOKIE } from '../../../src/shared/console-cookie.ts';
import type { OperatorRole } from '../../../src/shared/operator-roles.ts';
import { operatorCli } from '../../harness/operator.ts';
import { appUrl, e2eDatabase } from './database.ts';
import { latestCode, mailCount } from './mailbox.ts';
import { ORGANIZATION } from './sign-in.ts';

/** A fresh staff address per call, so tests side by side never share an operator. */
export function freshStaffEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@club.test`;
}

/** Puts `email` on the running server's staff the way a club makes its first owner: `npm run operator -- add`. */
export async function addOperator(email: string, role: OperatorRole): Promise<void> {
  await operatorCli(`file:${e2eDatabase()}`, ['add', email, '--role', role]);
}

/** Signs in to the console as staff do: the address on /admin/login, then the mailed code. Lands on `next`. */
export async function signInToConsole(page: Page, email: string, next = '/admin'): Promise<void> {
  const before = await mailCount(page.request, email, appUrl());
  await page.goto(`/admin/login?next=${encodeURIComponent(next)}`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('form:has(input[name="email"]) button[type="submit"]').click();
  await expect(page.locator('input[name="code"]')).toBeVisible();
  await page.locator('input[name="code"]').fill(await latestCode(page.request, email, appUrl(), before));
  await page.locator('form:has(input[name="code"]) button[type="submit"]').click();
  await expect(page).toHaveURL(new URL(next, appUrl()).href);
}

/**
 * This worker's member of staff for each role on each server: added by the command line and signed in through the
 * API the console's sign-in form calls, once (the form itself is under test in admin-console.spec.ts and
 * admin-journey.spec.ts). Kept in the worker's module: Playwright runs each worker in a process of its own.
 */
const staff = new Map<string, Promise<{ email: string; token: string }>>();

async function staffFor(page: Page, role: OperatorRole): Promise<{ email: string; token: string }> {
  const key = `${appUrl()} ${role}`;
  let member = staff.get(key);
  if (!member) {
    member = (async () => {
      const email = freshStaffEmail(`worker-${role}`);
      await addOperator(email, role);
      const before = await mailCount(page.request, email, appUrl());
      expect((await page.request.post('/api/admin/session/email', { headers: ORGANIZATION, data: { email } })).status()).toBe(202);
      const code = await latestCode(page.request, email, appUrl(), before);
      const verified = await page.request.post('/api/admin/session/email/verify', { headers: ORGANIZATION, data: { email, code } });
      expect(verified.status()).toBe(200);
      return { email, token: ((await verified.json()) as { data: { token: string } }).data.token };
    })();
    staff.set(key, member);
    member.catch(() => staff.delete(key));
  }
  return member;
}

/**
 * Opens `next` in the console as this worker's member of staff with `role` (see `staff`), for tests where the
 * sign-in is not what is under test; answers that member's address, which the audit trail shows.
 */
export async function signInAsStaff(page: Page, role: OperatorRole, next = '/admin'): Promise<string> {
  const { email, token } = await staffFor(page, role);
  await page.context().addCookies([{ name: CONSOLE_COOKIE, value: token, url: appUrl(), httpOnly: true, sameSite: 'Strict' }]);
  await page.goto(next);
  await expect(page).toHaveURL(new URL(next, appUrl()).href);
  return email;
}
