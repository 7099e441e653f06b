import { expect, test, type Page } from '@playwright/test';
import { ADULT_BIRTHDAY, freshEmail, signIn } from './support/sign-in.ts';
import { setBirthday } from './support/supporter.ts';
import { seriousViolations } from './support/axe.ts';

// One supporter for the whole story: sign-in codes are rate-limited per client address.

/** POSTs as the pages do (the session cookie rides along); answers the status. */
const post = async (page: Page, path: string, body?: unknown) => (await page.request.post(path, body === undefined ? {} : { data: body })).status();

test('the history starts empty, then lists a check-in; it works without JavaScript', async ({ page, browser, context }) => {
  await signIn(page, freshEmail('history'));
  expect(await post(page, '/api/membership/choose', { membership: 'entry' })).toBe(200);
  expect(await post(page, '/api/user/me/welcome')).toBe(201);
  // An adult: without a birthday the under-18 rules hide the points.
  await setBirthday(page, ADULT_BIRTHDAY);

  await page.goto('/history');
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(page.getByText('No points yet: check in on your dashboard to earn your first.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  expect(await post(page, '/api/checkin')).toBe(200);
  await page.reload();
  const table = page.getByRole('table', { name: 'Your latest entries, newest first' });
  await expect(table.getByRole('columnheader')).toHaveText(['Activity', 'points', 'Balance']);
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(2); // the header row and one entry
  const entry = rows.nth(1);
  await expect(entry.getByRole('rowheader')).toContainText('Daily check-in');
  await expect(entry.getByRole('cell').first()).toHaveText('+10 points');
  await expect(entry.getByRole('cell').nth(1)).toHaveText('10');
  // The date in the reader's language, with the exact moment for machines.
  await expect(entry.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  await expect(entry.locator('time')).toHaveText(new RegExp(String(new Date().getUTCFullYear())));
  // As the club writes dates, on its clock: "25 Nov 2026, 20:33".
  await expect(entry.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2}$/);
  await expect(page.getByRole('link', { name: 'Show older' })).toHaveCount(0);
  await expect(page.getByText('No points yet')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Server-rendered: the same page in a browser with JavaScript off, on a phone-sized screen.
  const noScript = await browser.newContext({
    javaScriptEnabled: false, viewport: { width: 320, height: 640 }, storageState: await context.storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto('/history');
  const plainEntry = plain.getByRole('row').nth(1);
  await expect(plainEntry).toContainText('Daily check-in');
  await expect(plainEntry).toContainText('+10 points');
  // Nothing wider than the screen.
  expect(await plain.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // A cursor that was cut short when copied: a clear message and a way back, not an error screen.
  const stale = await plain.goto('/history?cursor=not-a-cursor');
  expect(stale?.status()).toBe(400);
  await expect(plain.getByRole('alert')).toContainText('This link to older entries does not work.');
  await plain.getByRole('link', { name: 'Show the newest' }).click();
  await expect(plain).toHaveURL(/\/history$/);
  await expect(plain.getByRole('row').nth(1)).toContainText('Daily check-in');

  // In Spanish: the app's words, numbers and dates ("25 nov 2026, 20:33").
  await noScript.addCookies([{ name: 'terrace_lang', value: 'es', url: new URL(plain.url()).origin }]);
  await plain.reload();
  await expect(plain.getByRole('heading', { level: 1, name: 'Historial' })).toBeVisible();
  const spanish = plain.getByRole('table', { name: 'Tus últimos movimientos, del más reciente al más antiguo' });
  await expect(spanish.getByRole('columnheader')).toHaveText(['Actividad', 'puntos', 'Saldo']);
  await expect(spanish.getByRole('row').nth(1).getByRole('rowheader')).toContainText('Visita diaria');
  await expect(spanish.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('+10 puntos');
  await expect(spanish.locator('time')).toHaveText(/^\d{1,2} [a-z]{3,4} \d{4}, \d{1,2}:\d{2}$/);
  await noScript.close();

  // Under 18: the activity stays, the points go (they are hidden from under-18 supporters everywhere).
  const birthday = `${new Date().getFullYear() - 15}-06-15`;
  await setBirthday(page, birthday);
  await page.reload();
  await expect(page.getByRole('row').nth(1)).toContainText('Daily check-in');
  await expect(page.getByText(/\+10|points/)).toHaveCount(0);
});
