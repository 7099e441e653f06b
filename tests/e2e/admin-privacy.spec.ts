import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInAsStaff } from './support/operator.ts';
import { appUrl } from './support/database.ts';
import { freshEmail, onboard, signInThroughApi } from './support/sign-in.ts';

// Issue 25, privacy, the club's side: support downloads everything held about a supporter from their console
// page, then erases their personal data with a reason; the supporter is signed out, and both steps are on the
// audit trail. Plain links and forms, without JavaScript.

test.use({ javaScriptEnabled: false });

test('support downloads a supporter\'s data and erases it with a reason; the supporter is signed out', async ({ page, browser }) => {
  const email = freshEmail('erase-by-club');
  const supporter = await browser.newContext({ baseURL: appUrl() });
  await signInThroughApi(supporter, email);
  await onboard(supporter.request);

  const support = await signInAsStaff(page, 'support', `/admin/members?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { name: email, level: 1 })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').at(-1)!;

  const data = page.getByRole('region', { name: 'Their data' });
  const [file] = await Promise.all([page.waitForEvent('download'), data.getByRole('link', { name: 'Download everything held about them (JSON)' }).click()]);
  expect(JSON.parse(await readFile((await file.path())!, 'utf8')).profile).toMatchObject({ id, email, birthday: '1990-05-17' });

  await data.getByRole('button', { name: 'Erase their personal data' }).click();
  await expect(page.getByRole('region', { name: 'Their data' }).getByRole('alert')).toHaveText('Say why, in 1 to 300 characters.');
  await page.getByLabel('Reason for erasing their personal data').fill('Asked by e-mail on match day');
  await page.getByRole('button', { name: 'Erase their personal data' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Their personal data has been erased.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `erased-${id}@erased.invalid`, level: 1 })).toBeVisible();
  expect((await supporter.request.get('/api/user/me')).status()).toBe(401);
  await supporter.close();

  await page.goto(`/admin/audit?kind=member&subject=${id}`);
  await expect(page.getByRole('row', { name: /member\.erase/ })).toContainText('Asked by e-mail on match day');
  await expect(page.getByRole('row', { name: /member\.export/ })).toContainText(support);
});
