import { expect, test, type Page } from '@playwright/test';
import { hourlyTimerSet, watchHourlyTimer } from './support/hourly-timer.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { pageIdle, requestMarker } from './support/signals.ts';

// Spec section 4: every 60 minutes, while a supporter is signed in, the app refreshes the current user, the
// challenge list and the sweepstakes list; none of them without a current user.
const REFRESHED = ['/api/challenge', '/api/sweepstake', '/api/user/me'];

/** The GETs of the hourly round this page makes, in order. */
function watchRound(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && REFRESHED.includes(path)) asked.push(path);
  });
  return asked;
}

/** A supporter signed in, on `path` under a fake clock, its hourly timer set: the GETs of its rounds, in order. */
async function openSignedIn(page: Page, name: string, path: string): Promise<string[]> {
  await signInOnboarded(page, name);
  await page.clock.install();
  await watchHourlyTimer(page);
  const asked = watchRound(page);
  await page.goto(path);
  await hourlyTimerSet(page);
  return asked;
}

// The dashboard (with islands), the history (none) and the sweepstakes: every signed-in page, whatever it shows.
for (const path of ['/dashboard', '/history', '/sweepstakes']) {
  test(`${path} left open refreshes the user, the challenge list and the sweepstakes list every 60 minutes`, async ({ page }) => {
    const asked = await openSignedIn(page, 'hourly', path);

    await page.clock.fastForward('59:00');
    // A round due by now would have asked before a request the page makes after the clock moved.
    await requestMarker(page);
    expect(asked).toEqual([]);
    await page.clock.fastForward('01:00');
    // The user first; the lists after it.
    await expect.poll(() => [...asked].sort()).toEqual(REFRESHED);
    expect(asked[0]).toBe('/api/user/me');

    await page.clock.fastForward('01:00:00');
    await expect.poll(() => asked.length).toBe(6);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  });
}

// A laptop closed with the round's list still loading: its request times out when the lid opens. The page stays
// (a lazy module's failure is no reason to reload it) and the next round asks again.
test('a round whose list times out leaves the page as it is, and the next round asks again', async ({ page }) => {
  const asked = await openSignedIn(page, 'hourly-timeout', '/history');
  await page.evaluate(() => { (window as unknown as { sameDocument?: boolean }).sameDocument = true; });
  const held: Array<() => void> = [];
  await page.route('**/api/challenge', async (route) => {
    if (held.length === 0) await new Promise<void>((release) => held.push(release));
    await route.continue().catch(() => undefined); // the page has given up on it by then
  });

  await page.clock.fastForward('01:00:00');
  await expect.poll(() => held.length).toBe(1);
  // An hour later the held call has timed out (the client's 10 seconds), and the next round has come.
  await page.clock.fastForward('01:00:00');
  await expect.poll(() => asked.length).toBe(6);
  await pageIdle(page);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/history');
  held[0]!();
});

test('a visitor\'s page sets no hourly round and asks for nothing', async ({ page }) => {
  await page.clock.install();
  await watchHourlyTimer(page);
  const asked = watchRound(page);
  await page.goto('/about');
  await page.clock.fastForward('01:01:00');
  await requestMarker(page);
  expect(await page.evaluate(() => (window as unknown as { hourlyTimerSet?: boolean }).hourlyTimerSet ?? false)).toBe(false);
  expect(asked).toEqual([]);
});

test('when the session has ended elsewhere, the hour asks for the user only, and the page reloads signed out', async ({ page }) => {
  const asked = await openSignedIn(page, 'hourly-ended', '/history');
  // Signed out on another device: the server forgets the session; this page still holds its cookie.
  expect(await page.evaluate(async () => (await fetch('/api/session', { method: 'DELETE' })).status)).toBeLessThan(300);

  await page.clock.fastForward('01:00:00');
  // Reloaded: the protected page sends a visitor to the start, with a way to sign in.
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  expect(asked).toEqual(['/api/user/me']);
});
