import { expect, test, type Page } from '@playwright/test';
import { contrastRatio } from './support/contrast.ts';
import { signInOnboarded } from './support/sign-in.ts';

/** The dashboard's check-in card, hydrated (client:idle). */
async function openCard(page: Page) {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByRole('region', { name: 'Daily check-in' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  return card;
}

const points = (page: Page) => page.evaluate(async () => (await (await fetch('/api/user/me/points')).json()).data);

test('a supporter checks in once a day from the dashboard', async ({ page, context }) => {
  await signInOnboarded(page, 'checkin');
  // A second tab left open from before the check-in.
  const stale = await context.newPage();
  const staleCard = await openCard(stale);

  const card = await openCard(page);
  await expect(card).toContainText('0 days in a row');
  // What it is worth, said before pressing.
  await expect(card).toContainText('Today’s check-in: +10 points.');
  const calls: string[] = [];
  page.on('request', (req) => {
    if (/^\/(api|_actions)\//.test(new URL(req.url()).pathname)) calls.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });
  // By keyboard: Enter on the button; focus stays on it, and it now reads the result.
  await card.getByRole('button', { name: 'Check in' }).focus();
  await page.keyboard.press('Enter');

  await expect(card).toContainText('1 day in a row');
  const done = card.getByRole('button', { name: 'Checked in today' });
  await expect(done).toBeDisabled();
  // The first check-in's badge is celebrated full screen (moments.spec.ts; its code loads as the answer comes):
  // closed by keyboard once open, focus is back.
  await expect(page.getByRole('dialog', { name: 'You earned the First check-in badge!' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(done).toBeFocused();
  // A done state that reads as done: AA contrast, not a faded button.
  expect(await contrastRatio(done)).toBeGreaterThanOrEqual(4.5);
  // Pressed again, it does nothing.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  const notice = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
  await expect(notice).toContainText('+10 points');
  await expect(notice).toContainText('1-day streak');
  // 10 points is no new rank: no confetti (that is for a level-up, see level-up.spec.ts).
  await expect(page.locator('body > canvas')).toHaveCount(0);
  // The pill follows from the check-in's own answer: exactly one request, to the check-in action.
  await expect(page.getByRole('region', { name: 'Your points' })).toContainText('10 points');
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual(['POST /_actions/checkin.checkIn/']);

  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Daily check-in' });
  await expect(reloaded).toContainText('1 day in a row');
  await expect(reloaded.getByRole('button', { name: 'Checked in today' })).toBeDisabled();
  expect(await points(page)).toEqual({ points: 10, lifetime_points: 10 });

  // The stale tab still offers the button: the server refuses (422, sent once: a refusal is not retried),
  // and the card says why.
  const posts: number[] = [];
  stale.on('response', (res) => {
    if (res.request().method() === 'POST' && new URL(res.url()).pathname === '/_actions/checkin.checkIn/') posts.push(res.status());
  });
  await staleCard.getByRole('button', { name: 'Check in' }).click();
  await expect(staleCard.getByRole('status')).toHaveText('You have already checked in today. Come back tomorrow.');
  expect(posts).toEqual([422]);
  await expect(staleCard.getByRole('button', { name: 'Checked in today' })).toBeDisabled();
  expect(await points(page)).toEqual({ points: 10, lifetime_points: 10 });
});

test('an under-18 supporter is told to check in without a word of points', async ({ page }) => {
  await signInOnboarded(page, 'checkin-minor', { birthday: null });
  const card = await openCard(page);
  await expect(card).toContainText('Check in once a day: every day in a row adds to your streak.');
  await expect(card).not.toContainText(/points/i);
});
