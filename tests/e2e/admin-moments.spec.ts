import { expect, test } from '@playwright/test';
import { signInAsStaff } from './support/operator.ts';

// The ranks' names and the milestone badges in the console (issue 26, points 3 and 4): forms posted without
// JavaScript, a refusal beside the form naming the field, the owner's ranks and the editors' badges.

test("the owner names a rank in both languages; a name too long is refused naming the field; an editor sets a badge's Spanish name but not the ranks", async ({ page, browser }) => {
  await signInAsStaff(page, 'owner', '/admin/ranks');
  const p9 = page.locator('#rank-P9');
  await expect(p9.getByRole('heading', { name: 'P9 · from 100 points' })).toBeVisible();
  await p9.getByLabel('Name (English)').fill('Season Regular');
  await p9.getByLabel('Name (Spanish)').fill('Fijo de la grada');
  await p9.getByRole('button', { name: 'Save P9' }).click();
  await expect(page).toHaveURL(/\/admin\/ranks#rank-P9$/);
  await expect(page.locator('#rank-P9').getByLabel('Name (English)')).toHaveValue('Season Regular');

  await page.locator('#rank-P8').getByLabel('Name (Spanish)').fill('x'.repeat(41));
  await page.locator('#rank-P8').getByRole('button', { name: 'Save P8' }).click();
  await expect(page.locator('#rank-P8').getByRole('alert')).toContainText('Name (Spanish)');
  // What was typed stays, for the club to shorten.
  await expect(page.locator('#rank-P8').getByLabel('Name (Spanish)')).toHaveValue('x'.repeat(41));

  const context = await browser.newContext();
  const editor = await context.newPage();
  try {
    await signInAsStaff(editor, 'editor', '/admin/badges');
    await expect(editor.getByRole('link', { name: 'Ranks' })).toHaveCount(0);
    const streak = editor.locator('#badge-streak-7');
    await streak.getByLabel('Name (Spanish)').fill('Semana completa');
    await streak.getByRole('button', { name: 'Save badge' }).click();
    await expect(editor).toHaveURL(/\/admin\/badges#badge-streak-7$/);
    await expect(editor.locator('#badge-streak-7').getByLabel('Name (Spanish)')).toHaveValue('Semana completa');
    expect((await editor.goto('/admin/ranks'))?.status()).toBe(403);
  } finally {
    await context.close();
  }
});
