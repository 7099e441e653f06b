import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';

// The page loads on a running fake clock, which is then paused: the 300 ms fade-out timer only moves
// when the test says so (page.clock.runFor).
const START = new Date('2025-03-01T12:00:00Z').getTime();
const FADE_MS = 300;

async function openGallery(page: Page) {
  await page.clock.install({ time: START });
  await page.goto('/dev/gallery');
  // Server-rendered islands lose their `ssr` attribute once hydrated.
  await expect(page.locator('#dialog astro-island[ssr]')).toHaveCount(0);
  await page.clock.pauseAt(START + 10 * 60_000);
}

function dialog(page: Page) {
  return page.getByRole('dialog', { name: 'Enter the sweepstake?' });
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Open dialog' }).click();
  await expect(dialog(page)).toBeVisible();
}

async function expectClosed(page: Page) {
  // The fade's timer starts once React has handled the close: run the clock until it has, then past the fade.
  await expect.poll(async () => {
    await page.clock.runFor(FADE_MS);
    return dialog(page).count();
  }).toBe(0);
  await expect(page.getByRole('button', { name: 'Open dialog' })).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await openGallery(page);
});

test('opens over a dark backdrop, at a fixed width, with focus inside', async ({ page }) => {
  await openDialog(page);
  await expect(dialog(page)).toHaveClass(/(^|\s)max-w-84(\s|$)/);
  await expect(dialog(page)).toHaveAttribute('aria-modal', 'true');
  await expect.poll(() => dialog(page).evaluate((el) => el.getBoundingClientRect().width)).toBe(336);
  const backdrop = page.getByTestId('dialog-backdrop');
  await expect(backdrop).toBeVisible();
  // Black at 70% (Tailwind 4 writes it with color-mix, which Chromium reports in oklab).
  await expect(backdrop).toHaveCSS('background-color', /^(rgba\(0, 0, 0, 0\.7\)|oklab\(0 0 0 \/ 0\.7\))$/);
  await expect(dialog(page).getByRole('button', { name: 'Decline' })).toBeFocused();
});

test('Tab and Shift+Tab cycle within the dialog', async ({ page }) => {
  await openDialog(page);
  const inside = (name: string) => dialog(page).getByRole('button', { name, exact: true });
  await expect(inside('Decline')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(inside('Accept')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(inside('Close')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(inside('Decline')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(inside('Close')).toBeFocused();
});

test('Escape closes it and focus returns to the opener', async ({ page }) => {
  await openDialog(page);
  await page.keyboard.press('Escape');
  await expectClosed(page);
});

test('the close button closes it and focus returns to the opener', async ({ page }) => {
  await openDialog(page);
  await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expectClosed(page);
});

test('fades in and out over 300 ms, staying in the DOM until the fade-out ends', async ({ page }) => {
  await openDialog(page);
  const overlay = dialog(page).locator('xpath=..');
  await expect(overlay).toHaveCSS('transition-duration', '0.3s');
  await expect(overlay).toHaveCSS('transition-property', 'opacity');
  await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(overlay).toHaveClass(/(^|\s)opacity-0(\s|$)/);
  await page.clock.runFor(250);
  await expect(dialog(page)).toHaveCount(1);
  await page.clock.runFor(60);
  await expect(dialog(page)).toHaveCount(0);
});

test('passes axe while open', async ({ page }) => {
  await openDialog(page);
  await expect.poll(() => dialog(page).locator('xpath=..').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await page.clock.resume();
  expect(await axeViolations(page, { include: '[role="dialog"]' })).toEqual([]);
});
