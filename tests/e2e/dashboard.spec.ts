import { expect, test, type Locator, type Page } from '@playwright/test';
import { earn60Points } from './support/supporter.ts';
import { hourlyTimerSet, watchHourlyTimer } from './support/hourly-timer.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { requestMarker } from './support/signals.ts';

const FEEDBACK = 'How was your matchday?';
const POLL = 'Player of the Month: October';

const prompt = (page: Page) => page.getByRole('article', { name: FEEDBACK });
const openList = (page: Page) => page.getByRole('region', { name: 'Open challenges' });

/** Waits for an island to hydrate (client:visible ones must be on screen first). */
async function hydrated(island: Locator): Promise<void> {
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
}

/** Answers the challenge open on the page through its island, once hydrated. */
async function onItsPage(page: Page, title: string): Promise<Locator> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await hydrated(page.getByRole('main').locator('astro-island').first());
  return page.getByRole('main');
}

test('the dashboard shows the feedback prompt apart from the open challenges, and answered ones leave it', async ({ page }) => {
  await signInOnboarded(page, 'dashboard');
  await page.goto('/dashboard');

  await expect(prompt(page)).toContainText('Tell us about your visit to Ironside Road');
  await expect(prompt(page)).toContainText('Honest answers help us improve.');
  await expect(prompt(page)).toContainText('25 points');

  const list = openList(page);
  const cards = list.getByRole('listitem');
  await expect(cards).toHaveCount(5);
  await expect(cards.first()).toContainText(POLL);
  await expect(list.getByText(FEEDBACK)).toHaveCount(0);
  await expect(list.getByRole('link', { name: 'See all challenges' })).toHaveAttribute('href', '/challenges');

  // The feedback challenge, answered through its page, is gone from the dashboard.
  await prompt(page).getByRole('link', { name: 'Give feedback' }).click();
  const feedback = await onItsPage(page, FEEDBACK);
  await feedback.getByLabel('Your feedback').fill('Quick queues, great pies.');
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(feedback.getByRole('status')).toHaveText('Thanks for your feedback.');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
  await expect(page.getByText(FEEDBACK)).toHaveCount(0);

  // A poll, voted from its card, leaves the open list; the next one moves up.
  await openList(page).getByRole('link', { name: new RegExp(POLL) }).click();
  const poll = await onItsPage(page, POLL);
  await poll.getByRole('button', { name: 'Kwame Mensah' }).click();
  await expect(poll.getByRole('region', { name: 'Results' })).toContainText('Kwame Mensah (your vote)');
  await page.goto('/dashboard');
  await expect(openList(page).getByRole('listitem')).toHaveCount(5);
  await expect(openList(page).getByText(POLL)).toHaveCount(0);
});

test('a dashboard left open refetches the challenge list after 60 minutes and updates it in place', async ({ page }) => {
  await signInOnboarded(page, 'dashboard-refresh');
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.clock.install();
  await watchHourlyTimer(page);
  await page.goto('/dashboard');
  const list = openList(page);
  await hydrated(list.locator('astro-island'));
  // The hourly refresh starts once the page follows the current-user store (a small module script).
  await hourlyTimerSet(page);
  // Hydrated, the list is the server's HTML, node for node: no flash, no layout shift.
  const served = /<section aria-labelledby="open-challenges-title"[\s\S]*?<\/section>/.exec(await (await page.request.get('/dashboard')).text())![0];
  const [fromServer, hydratedList] = await list.evaluate((live, html) => {
    const t = document.createElement('template');
    t.innerHTML = html;
    return [t.content.querySelector('ul')?.outerHTML, live.querySelector('ul')?.outerHTML];
  }, served);
  expect(fromServer).toContain(POLL);
  expect(hydratedList).toBe(fromServer);

  // Voted elsewhere (another tab, another device): this page does not know yet.
  const href = await list.getByRole('link', { name: new RegExp(POLL) }).getAttribute('href');
  const id = href!.split('/').at(-1)!;
  const status = await page.evaluate(async (challengeId) => (await fetch(`/api/challenge/${challengeId}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ poll: { responseIndex: 0 } }),
  })).status, id);
  expect(status).toBeLessThan(300);
  await expect(list.getByText(POLL)).toBeVisible();

  let refetches = 0;
  page.on('request', (r) => { if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/challenge') refetches += 1; });
  await page.clock.fastForward('59:00');
  // A refetch due by now would have been asked before a request the page makes after the clock moved.
  await requestMarker(page);
  expect(refetches).toBe(0);

  const refetch = page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/challenge');
  await page.clock.fastForward('01:00');
  await refetch;
  await expect(list.getByText(POLL)).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(5);
  expect(refetches).toBe(1);
  // Hydration mismatches would show here (React reports them as console errors).
  expect(errors).toEqual([]);
});

test('without JavaScript the dashboard shows the real balance in the pill and the progress to the next rank', async ({ page, browser }) => {
  await signInOnboarded(page, 'no-script');
  await earn60Points(page);

  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const noScript = await context.newPage();
    await noScript.goto('/dashboard');
    const standing = noScript.getByRole('region', { name: 'Your points' });
    await expect(standing.locator('[aria-hidden="true"]').first()).toHaveText('60 points');
    await expect(standing.getByRole('progressbar', { name: 'Progress to P9' })).toHaveAttribute('aria-valuenow', '60');
    await expect(standing).toContainText('40 points to P9');
    // The balance leads to the history; referral and membership are one tap away too.
    await expect(standing.getByRole('link', { name: /^60 points.*see your history$/ })).toHaveAttribute('href', '/history');
    const more = noScript.getByRole('navigation', { name: 'More for you' });
    await expect(more.getByRole('link', { name: /Invite a friend/ })).toHaveAttribute('href', '/referral');
    await expect(more.getByRole('link', { name: /Your membership/ })).toHaveAttribute('href', '/membership');
    // The profile draws the same server figure: one rank progress on every screen.
    await noScript.goto('/profile');
    await expect(noScript.getByRole('progressbar', { name: 'Progress to P9' })).toHaveAttribute('aria-valuenow', '60');
    await expect(noScript.getByText('40 more points to reach P9')).toBeVisible();
  } finally {
    await context.close();
  }
});
