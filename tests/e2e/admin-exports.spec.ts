import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInAsStaff } from './support/operator.ts';
import { freshEmail, onboard, signInThroughApi } from './support/sign-in.ts';

// Issue 25, exports: support downloads the supporters who joined today and today's ledger from plain forms
// (no JavaScript), streamed by the built server; a period that ends before it starts is refused in words.

test.use({ javaScriptEnabled: false });

test('support downloads today\'s supporters and ledger as CSV; a backwards period is refused with the reason', async ({ page, browser }) => {
  const supporter = freshEmail('exported');
  const fan = await browser.newContext();
  await signInThroughApi(fan, supporter);
  await onboard(fan.request);
  expect((await fan.request.post('/api/checkin')).ok()).toBe(true);
  await fan.close();

  const support = await signInAsStaff(page, 'support');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Exports' }).click();
  await expect(page.getByRole('heading', { name: 'Exports', level: 1 })).toBeVisible();

  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const members = page.getByRole('form', { name: 'Supporters' });
  await members.getByLabel('From').fill(today);
  await members.getByLabel('To').fill(today);
  const [membersFile] = await Promise.all([page.waitForEvent('download'), members.getByRole('button', { name: 'Download supporters (CSV)' }).click()]);
  expect(membersFile.suggestedFilename()).toBe(`members-from-${today}-to-${today}.csv`);
  const membersCsv = await readFile((await membersFile.path())!, 'utf8');
  expect(membersCsv.split('\r\n')[0]).toBe('id,email,username,first_name,last_name,points,lifetime_points,joined_at,blocked_at');
  expect(membersCsv).toContain(`,${supporter},`);

  const ledger = page.getByRole('form', { name: 'Points ledger' });
  await ledger.getByLabel('From').fill(today);
  const [ledgerFile] = await Promise.all([page.waitForEvent('download'), ledger.getByRole('button', { name: 'Download the ledger (CSV)' }).click()]);
  const ledgerCsv = await readFile((await ledgerFile.path())!, 'utf8');
  // Today's check-in is a row of the supporter's.
  expect(ledgerCsv.split('\r\n').some((line) => line.includes(`,${supporter},checkin,`))).toBe(true);

  await members.getByLabel('From').fill(today);
  await members.getByLabel('To').fill('2001-01-01');
  await members.getByRole('button', { name: 'Download supporters (CSV)' }).click();
  await expect(page.getByRole('form', { name: 'Supporters' }).getByRole('alert')).toHaveText('The start date must be on or before the end date.');

  // The downloads are on the audit trail, by support.
  await page.goto('/admin/audit?kind=export');
  await expect(page.getByRole('row').filter({ hasText: support }).filter({ hasText: 'export.download' })).toHaveCount(2);
});
