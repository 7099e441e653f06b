import { expect, test } from '@playwright/test';
import { appUrl } from './support/database.ts';
import { signInAsStaff } from './support/operator.ts';
import { freshEmail, signIn } from './support/sign-in.ts';

// The membership tiers' words in the console: a form per tier posted without JavaScript, English beside Spanish, a
// refusal beside the form naming the field; the owner's alone. A Spanish supporter choosing a tier reads the club's
// Spanish words, and the English where none was written.

test("the owner writes a tier's words in Spanish; a price too long is refused naming the field; a Spanish supporter choosing reads them; an editor cannot open the page", async ({ page, browser }) => {
  await signInAsStaff(page, 'owner', '/admin/membership');
  // The entry tier: the console's other specs (admin-club.spec.ts) show the names of the two that unlock experiences,
  // on the same server at the same time.
  const entry = page.locator('#tier-entry');
  await expect(entry.getByRole('heading', { name: 'Entry · entry · Free tier' })).toBeVisible();
  await entry.getByLabel('Name (Spanish)').fill('Socio de grada');
  await entry.getByLabel('Perks, one a line (up to 8) (Spanish)').fill('Encuestas antes que nadie\n\nInsignia en tu perfil');
  await entry.getByRole('button', { name: 'Save Entry' }).click();
  await expect(page).toHaveURL(/\/admin\/membership#tier-entry$/);
  await expect(page.getByRole('status')).toContainText('Entry saved.');
  await expect(page.locator('#tier-entry').getByLabel('Perks, one a line (up to 8) (Spanish)')).toHaveValue('Encuestas antes que nadie\nInsignia en tu perfil');

  const gold = page.locator('#tier-gold');
  await gold.getByLabel('Price, as shown (English)').fill('£'.repeat(41));
  await gold.getByRole('button', { name: 'Save Gold' }).click();
  await expect(page.locator('#tier-gold').getByRole('alert')).toContainText('Price, as shown (English)');
  // What was typed stays, for the club to shorten.
  await expect(page.locator('#tier-gold').getByLabel('Price, as shown (English)')).toHaveValue('£'.repeat(41));

  const spanish = await browser.newContext({ baseURL: appUrl() });
  const fan = await spanish.newPage();
  try {
    await spanish.addCookies([{ name: 'terrace_lang', value: 'es', url: appUrl() }]);
    await signIn(fan, freshEmail('membership-es'));
    await fan.goto('/choose-your-membership');
    const chosen = fan.getByRole('article', { name: 'Socio de grada' });
    await expect(chosen).toContainText('Encuestas antes que nadie');
    // The price, as the demo club wrote it in Spanish.
    await expect(chosen).toContainText('Gratis');
    await expect(fan.getByRole('heading', { name: 'Oro' })).toBeVisible();
  } finally {
    await spanish.close();
  }

  const context = await browser.newContext({ baseURL: appUrl() });
  const editor = await context.newPage();
  try {
    await signInAsStaff(editor, 'editor', '/admin');
    await expect(editor.getByRole('link', { name: 'Membership tiers' })).toHaveCount(0);
    expect((await editor.goto('/admin/membership'))?.status()).toBe(403);
  } finally {
    await context.close();
  }
});
