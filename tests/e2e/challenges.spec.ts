import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInOnboarded } from './support/sign-in.ts';

/** Opens a challenge from its tab's list and waits for its island (client:idle) to hydrate. */
async function openChallenge(page: Page, tab: string, title: string): Promise<Locator> {
  await page.goto('/challenges');
  await page.getByRole('navigation', { name: 'Challenge types' }).getByRole('link', { name: tab, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: tab })).toBeVisible();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const island = page.getByRole('main').locator('astro-island');
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
  return page.getByRole('main');
}

const notices = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

test('a supporter answers a poll, a keyword and a quiz, and sees them in the history', async ({ page }) => {
  test.setTimeout(90_000);
  await signInOnboarded(page, 'challenges');

  await page.goto('/challenges');
  const tabs = page.getByRole('navigation', { name: 'Challenge types' });
  for (const name of ['Polls', "Pick'ems", 'Arcade', 'Quizzes', 'Keyword']) {
    await expect(tabs.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // The feedback challenge sits apart from the list, with its own way in.
  await expect(page.getByRole('link', { name: 'Give feedback' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Player of the Month: October/ })).toBeVisible();

  // A poll: the vote shows the shares and the award.
  const poll = await openChallenge(page, 'Polls', 'Player of the Month: October');
  await poll.getByRole('button', { name: 'Kwame Mensah' }).click();
  const results = poll.getByRole('region', { name: 'Results' });
  await expect(results).toContainText('Kwame Mensah (your vote)');
  await expect(results).toContainText(/\d+ votes?/);
  await expect(notices(page).filter({ hasText: '+20 points' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('main')).toContainText('You voted for Kwame Mensah.');
  await expect(page.getByRole('main').getByRole('button', { name: 'Kwame Mensah' })).toHaveCount(0);
  await page.goto('/challenges/polls');
  await expect(page.getByRole('link', { name: /Player of the Month: October/ })).toContainText('Done');

  // A keyword: wrong, then right.
  const keyword = await openChallenge(page, 'Keyword', 'Matchday programme keyword');
  await keyword.getByLabel('Keyword').fill('Floodlight');
  await keyword.getByRole('button', { name: 'Submit' }).click();
  await expect(keyword.getByRole('alert')).toHaveText('That is not the keyword. Try again.');
  // The guess stays in the field to be mended, as it does without JavaScript.
  await expect(keyword.getByLabel('Keyword')).toHaveValue('Floodlight');
  await keyword.getByLabel('Keyword').fill('Lamplighter');
  await keyword.getByRole('button', { name: 'Submit' }).click();
  await expect(keyword.getByRole('status')).toContainText('You found the keyword');
  await expect(notices(page).filter({ hasText: '+50 points' })).toBeVisible();

  // A quiz to the end: one wrong answer, two right (tests/e2e/quiz.spec.ts changes answers).
  const quiz = await openChallenge(page, 'Quizzes', 'Terrace FC history quiz');
  await quiz.getByRole('button', { name: '1888' }).click();
  await expect(quiz.locator('#quiz-result')).toContainText('Answer saved.');
  await quiz.getByRole('button', { name: 'Ironside Road' }).click();
  await expect(quiz.locator('#quiz-result')).toContainText('Your answer: Ironside Road');
  await quiz.getByRole('button', { name: 'The Ironsiders' }).click();
  await expect(quiz.getByRole('heading', { name: 'Quiz complete' })).toBeVisible();
  await expect(quiz.getByText('20 of 30 points')).toBeVisible();
  await page.reload();
  await expect(page.getByText('20 of 30 points')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);

  // The awards are in the history.
  await page.goto('/history');
  await expect(page.getByRole('row').filter({ hasText: 'Challenge' }).first()).toBeVisible();
  expect(await page.getByRole('row').filter({ hasText: 'Challenge' }).count()).toBeGreaterThanOrEqual(3);
});

test('a supporter sends the feedback challenge from the challenges page', async ({ page }) => {
  await signInOnboarded(page, 'challenges');
  await page.goto('/challenges');
  await page.getByRole('link', { name: 'Give feedback' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How was your matchday?' })).toBeVisible();
  const island = page.getByRole('main').locator('astro-island');
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
  await page.getByLabel('Your feedback').fill('Quick queues, great pies.');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Thanks for your feedback.');
  await expect(notices(page).filter({ hasText: '+25 points' })).toBeVisible();
  await page.goto('/challenges');
  await expect(page.getByRole('link', { name: 'Give feedback' })).toHaveCount(0);
});

test('an unknown challenge answers the not-found page; one under another tab moves to its own', async ({ page }) => {
  await signInOnboarded(page, 'challenges');
  await page.goto('/challenges/polls');
  const href = await page.getByRole('link', { name: /Boxing Day kit/ }).getAttribute('href');
  expect(href).toMatch(/^\/challenges\/polls\/[\w-]+$/);
  await page.goto(href!.replace('/polls/', '/quizzes/'));
  await expect(page).toHaveURL(new RegExp(`${href}$`));

  const response = await page.goto('/challenges/polls/no-such-challenge');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('/challenges/polls/no-such-challenge')).toBeVisible();
});

test("a supporter picks a pick'em, keeps and changes the pick until kick-off, and sees a resolved one's result", async ({ page }) => {
  await signInOnboarded(page, 'challenges');
  const DERBY = 'Derby day: Terrace FC vs Millbank Rovers';
  const derby = await openChallenge(page, "Pick'ems", DERBY);
  await expect(derby).toContainText(/Picks lock at kick-off: .+\d.+\./);
  const option = (name: string) => page.getByRole('main').getByRole('button', { name: new RegExp(`^${name} \\d+ points$`) });
  await expect(option('Draw')).toHaveAttribute('aria-pressed', 'false');
  await option('Draw').click();
  await expect(option('Draw')).toHaveAttribute('aria-pressed', 'true');
  await expect(notices(page).filter({ hasText: 'Pick saved' })).toBeVisible();

  // The pick is kept, and stays changeable: the page hydrates again although the pick'em is "completed".
  await page.reload();
  const island = page.getByRole('main').locator('astro-island');
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
  await expect(option('Draw')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('main')).toContainText('Your pick: Draw. You can change it until kick-off.');
  await option('Millbank Rovers win').click();
  await expect(option('Millbank Rovers win')).toHaveAttribute('aria-pressed', 'true');
  await expect(option('Draw')).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(option('Millbank Rovers win')).toHaveAttribute('aria-pressed', 'true');

  // The list tells the open pick from the resolved match; the resolved one shows its result, without buttons.
  await page.goto('/challenges/pickems');
  await expect(page.getByRole('link', { name: new RegExp(DERBY) })).toContainText('Picked');
  await expect(page.getByRole('link', { name: new RegExp(DERBY) })).toContainText('Your pick: Millbank Rovers win');
  await expect(page.getByRole('link', { name: /Harbour Town away/ })).toContainText('Closed');
  await page.getByRole('link', { name: /Harbour Town away/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Town away' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('The result was Terrace FC win.');
  await expect(page.getByRole('main')).toContainText('You did not make a pick.');
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
});
