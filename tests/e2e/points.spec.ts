import { expect, test, type Page } from '@playwright/test';

const START = Date.parse('2025-06-01T12:00:00Z');

// The gallery's animated pill: PointsPill client:load, points 1234, animatePoints.
async function openAnimatedPill(page: Page) {
  // install() alone lets fake time flow; pausing it leaves every timer and frame to runFor().
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1000);
  await page.goto('/dev/gallery');
  const pill = page.getByTestId('animated-pill');
  // Astro drops `ssr` once the island has hydrated; only then is the 600 ms timer running.
  await expect(pill.locator('astro-island')).not.toHaveAttribute('ssr');
  return { pill, shown: pill.locator('[aria-hidden="true"]') };
}

test('the animated points pill counts from 0 to 1,234 after the 600 ms delay and the 900 ms count', async ({ page }) => {
  const { pill, shown } = await openAnimatedPill(page);
  await expect(shown).toHaveText('0 points');
  const widthAtZero = await shown.boundingBox();
  // Screen readers get the final amount from the start.
  await expect(pill.getByText('1,234 points', { exact: true })).toBeAttached();

  await page.clock.runFor(590);
  await expect(shown).toHaveText('0 points');

  await page.clock.runFor(10 + 450);
  const midway = Number((await shown.textContent())?.replace(/\D/g, ''));
  expect(midway).toBeGreaterThan(0);
  expect(midway).toBeLessThan(1234);

  await page.clock.runFor(450 + 50);
  await expect(shown).toHaveText('1,234 points');
  // The final number held the width all along.
  expect(await shown.boundingBox()).toEqual(widthAtZero);
});

test('with reduced motion the pill shows 1,234 at once, without a transition', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { shown } = await openAnimatedPill(page);
  // The paused clock has not moved: no timer or animation frame has run.
  await expect(shown).toHaveText('1,234 points');
  const number = shown.locator('[data-final] > span');
  await expect(number).toHaveCSS('transition-duration', '0s');
  await expect(number).toHaveCSS('opacity', '1');
});
