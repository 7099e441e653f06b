import { expect, test } from '@playwright/test';

const PUBLIC = ['/about', '/media', '/media/instagram', '/media/videos', '/media/playlists/highlights'];
const GUEST = ['/', '/login', '/login/verify-email'];
const PROTECTED = [
  '/dashboard', '/welcome', '/challenges', '/challenges/polls', '/challenges/quizzes/c1', '/choose-your-membership',
  '/choose-your-membership/gold', '/membership', '/membership/upgrade', '/membership/upgrade/gold',
  '/enhanced-experiences', '/history', '/profile', '/profile/edit', '/referral', '/sweepstakes',
];
// Deep links show a signed-out view of their own and remember the link too (deep-links.spec.ts).
const DEEP_LINKS = ['/stories/s1', '/sweepstakes/w1', '/a/no-such-activation'];

test.describe('an anonymous visitor', () => {
  for (const path of [...PUBLIC, ...GUEST]) {
    test(`reads ${path} without signing in`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('is sent from every protected route to /, which remembers the intended path', async ({ page, context }) => {
    for (const path of PROTECTED) {
      await context.clearCookies();
      await page.goto(`${path}?from=test`);
      expect(new URL(page.url()).pathname, path).toBe('/');
      const remembered = (await context.cookies()).find((c) => c.name === 'terrace_return_to');
      expect(remembered?.value, path).toBe(`${path}?from=test`);
      expect(remembered?.httpOnly).toBe(true);
    }
  });

  test('stays on a deep link, which remembers the intended path for after sign-in', async ({ page, context }) => {
    for (const path of DEEP_LINKS) {
      await context.clearCookies();
      await page.goto(`${path}?from=test`);
      expect(new URL(page.url()).pathname, path).toBe(path);
      const remembered = (await context.cookies()).find((c) => c.name === 'terrace_return_to');
      expect(remembered?.value, path).toBe(`${path}?from=test`);
      expect(remembered?.httpOnly).toBe(true);
    }
  });

  test('is sent from /sso to / while single sign-on is off', async ({ page, context }) => {
    await page.goto('/sso?sso=abc&sig=def');
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await context.cookies()).find((c) => c.name === 'terrace_return_to')).toBeUndefined();
  });
});

test.describe('the error screen', () => {
  test('answers an unknown route with 404, the spec texts and a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sorry, this page cannot be found' })).toBeVisible();
    await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test('names the path when a route segment fails validation', async ({ page }) => {
    const response = await page.goto('/challenges/not-a-subtype');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Page Not Found: /challenges/not-a-subtype', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });
});

test.describe('search engines and link previews', () => {
  test('/about is server-rendered with a title, description and Open Graph tags, and ships no JavaScript', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/about');
    await expect(page).toHaveTitle('About · Terrace FC');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Terrace FC/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'About · Terrace FC');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/about$/);
    await expect(page.getByRole('cell', { name: 'P10', exact: true })).toBeVisible();
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    expect(scripts).toEqual([]);
  });

  test('the tab bar marks the current section', async ({ page }) => {
    await page.goto('/media/videos');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Media' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  });
});

test.describe("the spec's challenge subtype names", () => {
  test('answer with a permanent redirect to the canonical address, query kept', async ({ request }) => {
    for (const [from, to] of [
      ['/challenges/poll', '/challenges/polls'], ['/challenges/pickem?from=mail', '/challenges/pickems?from=mail'],
      ['/challenges/trivia/c1', '/challenges/quizzes/c1'],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(308);
      expect(response.headers()['location'], from).toBe(to);
    }
  });
});
