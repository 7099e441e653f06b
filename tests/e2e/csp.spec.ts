import { expect, type Page } from '@playwright/test';
import { test } from './support/shared-supporter.ts';

// Every page of the app loads under its Content-Security-Policy with no violation, and every island
// on it still hydrates (a blocked inline script would leave `ssr` on its astro-island).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
});

async function expectCleanLoad(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp, path).toContain("frame-ancestors 'none'");
  expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // `client:visible` islands hydrate when seen: bring each on screen in turn (one jump to the bottom
  // would skip those in the middle before their observer fires).
  const islands = await page.locator('astro-island').count();
  for (let i = 0; i < islands; i += 1) {
    await page.evaluate((n) => {
      const island = document.querySelectorAll('astro-island')[n];
      (island?.firstElementChild ?? island)?.scrollIntoView({ block: 'center' });
    }, i);
    await expect(page.locator('astro-island').nth(i), path).not.toHaveAttribute('ssr');
  }
  await expect(page.locator('astro-island[ssr]'), path).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
}

test('signed out, every public page loads with 0 CSP violations', async ({ page }) => {
  for (const path of ['/', '/login', '/login/verify-email?email=fan%40example.com', '/about', '/media', '/no-such-page']) {
    await expectCleanLoad(page, path);
  }
});

test.describe('signed in', () => {
  test.use({ signedIn: true });

  test('signed in, every page loads with 0 CSP violations and its islands hydrate', async ({ page }) => {
    test.setTimeout(90_000);
    const paths = ['/dashboard', '/challenges', '/challenges/polls', '/challenges/quizzes', '/challenges/pickems',
      '/challenges/arcade', '/challenges/keyword', '/history', '/profile', '/profile/edit', '/referral', '/membership',
      '/membership/upgrade', '/choose-your-membership', '/media', '/about', '/sweepstakes', '/enhanced-experiences', '/a/matchday-millbank'];
    for (const [list, title] of [['/challenges/polls', /Player of the Month/], ['/challenges/quizzes', /history quiz/],
      ['/challenges/pickems', /Derby day/], ['/challenges/arcade', /Keepy-uppy/]] as const) {
      await page.goto(list);
      paths.push(new URL(await page.getByRole('link', { name: title }).getAttribute('href') ?? '', page.url()).pathname);
    }
    // A story, as the dashboard's rail links it: its viewer is an island of its own.
    await page.goto('/dashboard');
    paths.push(new URL(await page.getByRole('region', { name: 'Stories' }).getByRole('link').first().getAttribute('href') ?? '', page.url()).pathname);
    for (const path of paths) await expectCleanLoad(page, path);
  });

  test('the signed-in profile editor cannot be framed by another page', async ({ page }) => {
    const response = await page.goto('/profile/edit');
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    // Served from the app's own origin, a page that frames /profile/edit gets an empty, blocked frame.
    await page.route('**/framer', (route) => route.fulfill({ contentType: 'text/html', body: '<iframe id="f" src="/profile/edit"></iframe>' }));
    const blocked: string[] = [];
    page.on('console', (m) => { if (/frame-ancestors|Refused to (display|frame)/i.test(m.text())) blocked.push(m.text()); });
    await page.goto('/framer');
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.locator('form').count().catch(() => 0) ?? 0).toBe(0);
  });
});
