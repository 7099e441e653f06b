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

test("Home stays current on the pages reached from the dashboard (the spec's default tab)", async ({ page }) => {
  await signInOnboarded(page, 'home-tab');
  for (const path of ['/history', '/referral', '/membership']) {
    await page.goto(path);
    expect(new URL(page.url()).pathname).toBe(path);
    const current = page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]');
    await expect(current, path).toHaveText('Home');
    await expect(current, path).toHaveAttribute('href', '/dashboard');
  }
});

test.describe("an anonymous visitor's bar", () => {
  test('offers only what a visitor can open, and a way to sign in', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'About', 'Media', 'Sign in']);
    await expect(nav.locator('[aria-current="page"]')).toHaveText('About');
    for (const name of ['Challenges', 'Sweepstakes', 'Profile']) await expect(nav.getByRole('link', { name })).toHaveCount(0);
    // Each one opens where it says, never bouncing the visitor back to the landing page.
    for (const [name, path] of [['Media', '/media'], ['About', '/about'], ['Sign in', '/login'], ['Home', '/']] as const) {
      await page.goto('/media/videos');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
      await expect(page, name).toHaveURL((url) => url.pathname === path);
    }
  });

  test('speaks Spanish, and marks Media on every media page', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'terrace_lang', value: 'es', url: baseURL! }]);
    await page.goto('/media/instagram');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link')).toHaveText(['Inicio', 'El club', 'Multimedia', 'Entrar']);
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Multimedia');
  });

  test('fits a 320 px phone in Spanish, every label whole', async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await context.addCookies([{ name: 'terrace_lang', value: 'es', url: baseURL! }]);
    await page.goto('/about');
    for (const link of await page.getByRole('navigation', { name: 'Principal' }).getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      expect(await link.evaluate((a) => [...a.querySelectorAll('*'), a].every((e) => e.scrollWidth <= e.clientWidth || e.clientWidth === 0))).toBe(true);
    }
  });
});

test.describe('keyboard focus and the fixed tab bar', () => {
  test('the skip link is the first stop and leads into the page', async ({ page }) => {
    await page.goto('/media');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    // The next stop is inside the page, not the tab bar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });

  test('a focused element is never hidden under the tab bar', async ({ page }) => {
    await signInOnboarded(page, 'focus');
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/dashboard');
    const barHeight = await page.locator('[data-tab-bar]').evaluate((bar) => bar.getBoundingClientRect().height);
    const declared = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--shell-tab-bar-height')) * 16);
    expect(barHeight, 'the bar is no taller than --shell-tab-bar-height').toBeLessThanOrEqual(declared);
    const barTop = 640 - barHeight;
    let checked = 0;
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      const box = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body || el.closest('[data-tab-bar]')) return null;
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, text: (el.textContent ?? '').trim().slice(0, 40) };
      });
      if (!box) continue;
      checked += 1;
      expect(box.bottom, `"${box.text}" ends under the tab bar`).toBeLessThanOrEqual(barTop);
      expect(box.top, `"${box.text}" starts above the screen`).toBeGreaterThanOrEqual(0);
    }
    expect(checked).toBeGreaterThan(5);
  });
});

test('a focused element is never hidden under an open toast', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/dev/gallery');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const raise = page.getByRole('button', { name: 'Show toast with action' });
  await raise.focus();
  await page.keyboard.press('Enter');
  const toast = page.locator('li[data-state="open"]');
  await expect(toast).toBeVisible();
  const toastTop = (await toast.boundingBox())!.y;
  let checked = 0;
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    const box = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body || el.closest('section[aria-label]')?.querySelector('li[data-state]')) return null;
      const r = el.getBoundingClientRect();
      return { bottom: r.bottom, text: (el.textContent ?? '').trim().slice(0, 40) };
    });
    if (!box) continue;
    checked += 1;
    expect(box.bottom, `"${box.text}" ends under the toast`).toBeLessThanOrEqual(toastTop);
  }
  expect(checked).toBeGreaterThan(5);
});
