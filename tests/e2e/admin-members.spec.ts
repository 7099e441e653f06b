import { expect, test, type Browser } from '@playwright/test';
import { signInAsStaff } from './support/operator.ts';
import { appUrl } from './support/database.ts';
import { freshEmail, signInThroughApi } from './support/sign-in.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 25, members: support finds a supporter by the first letters of their address, opens their page and
// reads their balance and ledger as the supporter reads it; the view is on the audit trail. With and without
// JavaScript (the search is a plain GET form, the page has no island).

/** A new supporter of the console's server who checked in today (10 points), in a browser of their own; their address. */
async function checkedIn(browser: Browser, name: string): Promise<string> {
  const email = freshEmail(name);
  const supporter = await browser.newContext({ baseURL: appUrl() });
  await signInThroughApi(supporter, email);
  expect((await supporter.request.post('/api/checkin')).status()).toBe(200);
  await supporter.close();
  return email;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('support finds a supporter by the first letters of their e-mail and reads their balance and ledger; the view is audited', async ({ page, browser }) => {
      // The supporter checks in (10 points) in a browser of their own.
      const email = await checkedIn(browser, 'members');

      const support = await signInAsStaff(page, 'support');
      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Members' }).first().click();
      await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();

      // The first letters of the address, as support would type them from a supporter's message.
      const prefix = email.slice(0, email.indexOf('@') - 2).toUpperCase();
      await page.getByLabel('E-mail, name or id').fill(prefix);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/admin\/members\?q=/);
      const link = page.getByRole('link', { name: email });
      await expect(link).toBeVisible();
      await link.click();

      await expect(page.getByRole('heading', { name: email, level: 1 })).toBeVisible();
      const balances = page.getByRole('region', { name: 'Balances and rank' });
      await expect(balances.getByText('Spendable points')).toBeVisible();
      await expect(balances.locator('dd').first()).toHaveText('10');
      const ledger = page.getByRole('table', { name: 'Points history' });
      await expect(ledger.getByRole('row', { name: /Daily check-in/ })).toContainText('+10');
      const id = new URL(page.url()).pathname.split('/').at(-1)!;

      // The view is on record: who looked, at whom; never what they saw.
      await page.goto(`/admin/audit?kind=member&subject=${id}`);
      const entry = page.getByRole('row', { name: /member\.view/ });
      await expect(entry).toContainText(support);
      await expect(entry).not.toContainText(email);
    });
  });
}

test('an editor has no Members section and is refused the page', async ({ page }) => {
  await signInAsStaff(page, 'editor');
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Members' })).toHaveCount(0);
  expect((await page.goto('/admin/members?q=a'))?.status()).toBe(403);
});

test('the search and a supporter’s page have no serious or critical accessibility violation', async ({ page, browser }) => {
  const email = await checkedIn(browser, 'axe');
  await signInAsStaff(page, 'support', `/admin/members?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { name: email, level: 1 })).toBeVisible();
  for (const path of [`/admin/members?q=${encodeURIComponent(email)}`, new URL(page.url()).pathname]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
