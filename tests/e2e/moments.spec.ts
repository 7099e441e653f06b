import { parse } from 'devalue';
import { expect, test } from '@playwright/test';
import { paintedConfettiPixels } from './support/confetti.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { earn105Points } from './support/supporter.ts';

// Issue 26, points 3 and 4: the big moments a supporter's own action makes (a badge earned, a first sweepstake
// entry) in one full-screen celebration, and the badges on the profile with the day each was earned.

const today = () => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' }).format(new Date());

test("a supporter's first check-in is celebrated with its badge, which the profile then shows with its date", async ({ page }) => {
  await signInOnboarded(page, 'moment-badge');
  await page.goto('/profile/badges');
  const toEarn = page.getByRole('heading', { name: 'To earn' });
  await expect(toEarn).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Check in on your dashboard.');

  await page.goto('/dashboard');
  const card = page.locator('#checkin');
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  await card.getByRole('button', { name: 'Check in' }).click();
  const moment = page.getByRole('dialog', { name: 'You earned the First check-in badge!' });
  await expect(moment.locator('img[src="/images/badges/first-checkin.svg"]')).toBeVisible();
  await expect(moment).toContainText('It is on your profile now');
  await expect.poll(() => paintedConfettiPixels(page)).toBeGreaterThan(0);
  await moment.getByRole('button', { name: 'Keep going' }).click();
  await expect(moment).toHaveCount(0);
  await expect(card.getByRole('button')).toBeFocused();

  await page.goto('/profile');
  const badges = page.getByRole('region', { name: 'Your badges' });
  const earned = badges.getByRole('list').first().getByRole('listitem');
  await expect(earned).toHaveCount(1);
  await expect(earned).toContainText('First check-in');
  await expect(earned).toContainText(`Earned ${today()}`);
  // Still to earn: the others, and how; the one earned is not among them.
  await expect(badges).toContainText('Check in seven days in a row.');
  await expect(badges).not.toContainText('Check in on your dashboard.');
  await badges.getByRole('link', { name: 'All badges' }).click();
  await expect(page).toHaveURL(/\/profile\/badges$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your badges' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('list').first().getByRole('listitem')).toContainText(`Earned ${today()}`);
});

test('a first sweepstake entry is a moment of its own, with its badge; the second entry is none', async ({ page }) => {
  await signInOnboarded(page, 'moment-entry');
  await earn105Points(page);
  await page.goto('/sweepstakes/signed-home-shirt');
  const section = page.locator('#enter');
  await expect(section.locator('astro-island[ssr]')).toHaveCount(0);
  await section.getByRole('button', { name: 'Enter', exact: true }).click();
  const moment = page.getByRole('dialog', { name: 'You are in your first draw!' });
  await expect(moment).toContainText('Good luck: the winners are drawn when entries close.');
  await expect(moment).toContainText('And also');
  await expect(moment).toContainText('You earned the First draw badge!');
  await page.keyboard.press('Escape');
  await expect(moment).toHaveCount(0);

  // The answer decides: a moment comes only in the answer's standing, so one without any can show none.
  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('sweepstakes.enter'));
  await section.getByRole('button', { name: 'Enter', exact: true }).click();
  const answer = parse(await (await answered).text()) as { standing: { moments: unknown[] }; entryCount: number };
  expect(answer.entryCount).toBe(2);
  expect(answer.standing.moments).toEqual([]);
  await expect(section).toContainText('You have 2 entries in this draw.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
