import { expect, test, type Page } from '@playwright/test';
import { paintedConfettiPixels } from './support/confetti.ts';

async function openGallery(page: Page) {
  await page.goto('/dev/gallery');
  // Server-rendered islands lose their `ssr` attribute once hydrated.
  await expect(page.locator('#birthday astro-island[ssr]')).toHaveCount(0);
}

test.describe('the birthday bonus modal', () => {
  test('greets the user by first name with an animated bonus, and closes', async ({ page }) => {
    await openGallery(page);
    const opener = page.getByRole('button', { name: 'Open birthday modal for Ana' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Happy Birthday Ana' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('50 points');
    await expect(page.locator('canvas')).toHaveCount(1);
    await expect.poll(() => paintedConfettiPixels(page)).toBeGreaterThan(0);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('throws no confetti for a supporter who asks for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openGallery(page);
    await page.getByRole('button', { name: 'Open birthday modal for Ana' }).click();
    await expect(page.getByRole('dialog', { name: 'Happy Birthday Ana' })).toContainText('50 points');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('canvas')).toHaveCount(0);
  });

  test('ends the greeting with an exclamation mark when there is no first name', async ({ page }) => {
    await openGallery(page);
    await page.getByRole('button', { name: 'Open birthday modal without a name' }).click();
    await expect(page.getByRole('dialog', { name: 'Happy Birthday!' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
