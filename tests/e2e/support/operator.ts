import { expect, type Page } from '@playwright/test';
import type { OperatorRole } from '../../../src/shared/operator-roles.ts';
import { operatorCli } from '../../harness/operator.ts';
import { appUrl, e2eDatabase } from './database.ts';
import { latestCode, mailCount } from './mailbox.ts';

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
