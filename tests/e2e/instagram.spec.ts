import { expect, test, type Page } from '@playwright/test';
import { formatDate } from '../../src/shared/i18n/format.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { BASE_URL } from './support/ports.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 13, point 6: /media/instagram shows the club's chosen posts (organization settings) as a grid of
// its own pictures, each a link to the post on Instagram, with no script and no request to another site.

const POST_URL = /^https:\/\/(www\.)?instagram\.com\/p\/[A-Za-z0-9_-]+\/$/;
const PROFILE_URL = 'https://www.instagram.com/terracefc/';
const posts = (page: Page) => page.getByRole('main').getByRole('listitem');

/** Scrolls to the end so every lazy picture is asked for, and waits until each has loaded. */
async function loadEveryPicture(page: Page): Promise<void> {
  await page.mouse.wheel(0, 10_000);
  await expect.poll(() => page.locator('main li img').evaluateAll((images) => images.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
}

test('an anonymous visitor sees six posts linking to Instagram, with no script and no request to any other origin', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const response = await page.goto('/media/instagram');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Instagram' })).toBeVisible();

  await expect(posts(page)).toHaveCount(6);
  const links = page.getByRole('main').getByRole('list').getByRole('link');
  await expect(links).toHaveCount(6);
  for (const link of await links.all()) {
    expect(await link.getAttribute('href')).toMatch(POST_URL);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAccessibleName(/\(opens Instagram\)$/);
  }
  // The newest first: the matchday win, its caption under a described picture, its date in the club's zone.
  const first = links.first();
  await expect(first).toContainText('Three points and a clean sheet.');
  await expect(first.locator('img')).toHaveAttribute('alt', /celebrate a goal/);
  const firstTime = first.locator('time');
  await expect(firstTime).toHaveText(formatDate((await firstTime.getAttribute('datetime'))!, 'en', 'Europe/London'));

  // Pictures from this site: square, sized before they load, the first row at once and the rest lazily.
  const images = page.locator('main li img');
  for (const [index, img] of (await images.all()).entries()) {
    expect(await img.getAttribute('src')).toMatch(/^\/images\/instagram\/[a-z]+-960\.webp$/);
    expect(await img.getAttribute('srcset')).toMatch(/-480\.webp 480w, .*-960\.webp 960w$/);
    await expect(img).toHaveAttribute('sizes', /.+/);
    await expect(img).toHaveAttribute('width', '960');
    await expect(img).toHaveAttribute('height', '960');
    await expect(img).toHaveAttribute('loading', index < 2 ? 'eager' : 'lazy');
  }
  const follow = page.getByRole('link', { name: 'Follow us on Instagram (opens Instagram)' });
  await expect(follow).toHaveAttribute('href', PROFILE_URL);
  await expect(follow).toHaveAttribute('target', '_blank');
  await expect(page.getByText('@terracefc', { exact: true })).toBeVisible();

  await loadEveryPicture(page);
  await page.waitForLoadState('networkidle');
  expect(await page.locator('script').count()).toBe(0);
  const foreign = requests.filter((url) => new URL(url).origin !== BASE_URL);
  expect(foreign).toEqual([]);
  expect(requests.filter((url) => new URL(url).pathname.startsWith('/images/instagram/')).length).toBeGreaterThanOrEqual(6);
});

test('on a 360 px phone the grid has two columns, captions cut at three lines', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/media/instagram');
  const boxes = await page.locator('main li').evaluateAll((items) => items.map((li) => li.getBoundingClientRect().toJSON() as DOMRect));
  expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(2);
  for (const box of boxes) expect(box.right).toBeLessThanOrEqual(360);
  // Each picture square; each caption at most three lines tall.
  for (const img of await page.locator('main li img').all()) {
    const { width, height } = (await img.boundingBox())!;
    expect(Math.abs(width - height)).toBeLessThan(1);
  }
  const caption = page.locator('main li .line-clamp-3').first();
  const lines = await caption.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
  expect(Math.round(lines)).toBeLessThanOrEqual(3);

  await page.setViewportSize({ width: 800, height: 900 });
  const wide = await page.locator('main li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().x)));
  expect(new Set(wide).size).toBe(3);
});

test('a post opens on Instagram in a new tab (answered here: the suite never goes on line)', async ({ page, context }) => {
  await context.route(/^https:\/\/(www\.)?instagram\.com\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Instagram</title>' }));
  await page.goto('/media/instagram');
  const href = await posts(page).first().getByRole('link').getAttribute('href');
  const [tab] = await Promise.all([context.waitForEvent('page'), posts(page).first().getByRole('link').click()]);
  await expect(tab).toHaveURL(href!);
  // noopener: the new tab cannot reach back to this page.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
});

test('in Spanish the page speaks Spanish around the club’s own captions, and axe finds nothing serious', async ({ page, context }) => {
  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: `${BASE_URL}/` }]);
  await page.goto('/media/instagram');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByText('Lo último de Terrace FC en Instagram.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Síguenos en Instagram (se abre en Instagram)' })).toHaveAttribute('href', PROFILE_URL);
  await expect(page.getByRole('main').getByRole('link', { name: 'Multimedia' })).toHaveAttribute('href', '/media');
  const links = page.getByRole('main').getByRole('list').getByRole('link');
  await expect(links).toHaveCount(6);
  for (const link of await links.all()) await expect(link).toHaveAccessibleName(/\(se abre en Instagram\)$/);
  for (const time of await page.locator('main li time').all()) {
    await expect(time).toHaveText(formatDate((await time.getAttribute('datetime'))!, 'es', 'Europe/London'));
  }
  await loadEveryPicture(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a signed-in supporter sees the same posts', async ({ page }) => {
  await signInOnboarded(page, 'instagram');
  await page.goto('/media/instagram');
  await expect(posts(page)).toHaveCount(6);
  await expect(page.getByRole('link', { name: 'Follow us on Instagram (opens Instagram)' })).toBeVisible();
});
