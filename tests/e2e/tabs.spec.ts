import { expect, test, type Locator } from '@playwright/test';
import { signInOnboarded } from './support/sign-in.ts';

test('the tab bar marks the current tab on /dashboard, /challenges/polls and /media/videos', async ({ page }) => {
  // Through onboarding, so /dashboard renders instead of sending a newcomer on.
  await signInOnboarded(page, 'tabs');

  for (const [path, tab] of [['/dashboard', 'Home'], ['/challenges/polls', 'Challenges'], ['/media/videos', 'Media']] as const) {
    await page.goto(path);
    expect(new URL(page.url()).pathname).toBe(path);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.locator('[aria-current="page"]'), path).toHaveText(tab);
  }
});

test('on a 320 px phone every tab and challenge type is on screen, its label whole', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signInOnboarded(page, 'narrow');
  await page.goto('/challenges');
  const onScreen = async (links: Locator) => {
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x, await link.innerText()).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(320);
      // A cut label (ellipsis) is wider inside than its box.
      expect(await link.evaluate((a) => [...a.querySelectorAll('*'), a].every((e) => e.scrollWidth <= e.clientWidth || e.clientWidth === 0))).toBe(true);
    }
  };
  const tabs = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(tabs).toHaveCount(5);
  await onScreen(tabs);
  const types = page.getByRole('navigation', { name: 'Challenge types' }).getByRole('link');
  await expect(types).toHaveCount(5);
  await onScreen(types);
});
