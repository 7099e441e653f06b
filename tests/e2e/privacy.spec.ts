import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { freshEmail, onboard, signInThroughApi } from './support/sign-in.ts';

// Issue 25, privacy, the supporter's side: from their profile a supporter downloads everything the club's app
// holds about them, then erases their personal data (their address typed to confirm) and is signed out; the
// address starts a new account. Plain links and a plain form: without JavaScript.

test.use({ javaScriptEnabled: false });

test('a supporter downloads their data and erases it from their profile', async ({ page, context }) => {
  const email = freshEmail('privacy');
  await signInThroughApi(context, email);
  await onboard(page.request);
  expect((await page.request.patch('/api/user/me', { data: { firstName: 'Greta' } })).status()).toBe(201);

  await page.goto('/profile');
  await page.getByRole('link', { name: /Your data/ }).click();
  await expect(page.getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
  const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ email, first_name: 'Greta', birthday: '1990-05-17' });
  expect(data.sessions.length).toBeGreaterThanOrEqual(1);

  const confirm = page.getByLabel('Type your e-mail address to confirm');
  await confirm.fill('someone.else@example.com');
  await page.getByRole('button', { name: 'Erase my personal data' }).click();
  await expect(page.getByRole('alert')).toHaveText('That is not the address you signed in with: type it exactly to confirm.');
  await expect(page.getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible();

  await page.getByLabel('Type your e-mail address to confirm').fill(email);
  await page.getByRole('button', { name: 'Erase my personal data' }).click();
  // The flash toast, as a banner while script is off (a <noscript> note: found by its role).
  await expect(page.getByRole('status').filter({ hasText: 'Your personal data has been erased.' })).toBeVisible();
  expect((await page.request.get('/api/user/me')).status()).toBe(401);
  await page.goto('/profile');
  await expect(page).not.toHaveURL(/\/profile/);

  // The address is free again: a new account, not the erased one.
  await signInThroughApi(context, email);
  const me = (await (await page.request.get('/api/user/me')).json()).data;
  expect(me.firstName ?? null).toBeNull();
});
