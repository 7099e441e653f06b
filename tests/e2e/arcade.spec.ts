import { expect, test } from '@playwright/test';
import { signInOnboarded } from './support/sign-in.ts';
import { runSql } from './support/database.ts';

test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

const notices = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

test('a supporter plays Keepy-uppy by touch, earns its tier once, and sees the points count up and the award in the history', async ({ page }) => {
  await signInOnboarded(page, 'arcade');
  // Fake timers that still flow in real time: the game's 20 seconds can be skipped, not waited out.
  await page.clock.install();

  await page.goto('/challenges/arcade');
  await page.getByRole('link', { name: /Keepy-uppy/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Keepy-uppy' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('10 touches: 10 points');
  const island = main.locator('astro-island');
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');

  const play = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/challenge\/[^/]+\/play$/.test(new URL(r.url()).pathname));
  await main.getByRole('button', { name: 'Start game' }).click();
  expect((await play).status()).toBeLessThan(300);
  await expect(main.getByRole('timer')).toHaveText('20 s left');
  const ball = main.getByRole('button', { name: 'Ball' });
  for (let i = 0; i < 12; i += 1) await ball.tap();
  await expect(main).toContainText('12 touches');
  // The server accepts at most 4 touches a second of real time since the start: the play is moved 4 s
  // back in the database rather than waited out (the page's clock is fake, the server's is not).
  const { data: me } = await (await page.request.get('/api/user/me')).json() as { data: { userId: string } };
  runSql('update arcade_plays set started_at = ? where user_id = ? and finished_at is null', new Date(Date.now() - 4_000).toISOString(), me.userId);
  await page.clock.fastForward(20_000);

  await expect(main.getByRole('status')).toHaveText('You scored 12 touches and earned 10 points.');
  await expect(notices(page).filter({ hasText: '+10 points' })).toBeVisible();

  // One scored game: after a reload the result stays and there is nothing to start.
  await page.reload();
  await expect(main.getByRole('status')).toHaveText('You scored 12 touches.');
  await expect(main.getByRole('button')).toHaveCount(0);

  // The dashboard pill counts up from 0 to the new balance after 600 ms.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
  await page.goto('/dashboard');
  const pill = page.getByRole('region', { name: 'Your points' });
  await pill.scrollIntoViewIfNeeded();
  // The dashboard's islands hydrate on idle, a callback the paused clock runs only when told: 100 ms of it, less
  // than the pill's 600 ms delay, which starts at hydration.
  await page.clock.runFor(100);
  await expect(page.locator('astro-island', { has: pill })).not.toHaveAttribute('ssr');
  const shown = pill.locator('[aria-hidden="true"]').filter({ hasText: /points?$/ }).first();
  await expect(shown).toHaveText('0 points');
  await page.clock.runFor(600 + 900 + 100);
  await expect(shown).toHaveText('10 points');

  await page.goto('/history');
  await expect(page.getByRole('row').filter({ hasText: 'Keepy-uppy' })).toContainText(/Challenge.*\+10/);
});

test.describe('on a small phone', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('the whole field stays above the tab bar while the game runs', async ({ page }) => {
    await signInOnboarded(page, 'arcade-small');
    await page.goto('/challenges/arcade');
    await page.getByRole('link', { name: /Keepy-uppy/ }).click();
    const main = page.getByRole('main');
    const island = main.locator('astro-island');
    await island.scrollIntoViewIfNeeded();
    await expect(island).not.toHaveAttribute('ssr');
    await main.getByRole('button', { name: 'Start game' }).click();
    await expect(main.getByRole('button', { name: 'Ball' })).toBeVisible();
    const field = main.locator('[data-arcade-field]');
    const tabBar = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(async () => {
      const [box, bar] = [await field.boundingBox(), await tabBar.boundingBox()];
      return box && bar ? box.y >= 0 && box.y + box.height <= bar.y : false;
    }).toBe(true);
  });
});
