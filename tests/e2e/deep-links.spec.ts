import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { e2eDatabase } from './support/database.ts';
import { mailCount } from './support/mailbox.ts';
import { BASE_URL } from './support/ports.ts';
import { freshEmail, latestCode } from './support/sign-in.ts';

// Issue 26, point 7: deep links keep their context. A signed-out visitor on an activation's QR code, a story's
// link or a sweepstake's link sees what is waiting there (the badge, the story's cover, the prize) and a
// sign-in that comes back to the link, never what they may not see: no chapter of a story, a rank story's
// neither, and no amount of points while their age is unknown (the under-18 rules).

const ACTIVATION = '/a/matchday-millbank';
const SWEEPSTAKE = '/sweepstakes/signed-home-shirt';

function storyId(title: string): string {
  const db = new DatabaseSync(e2eDatabase(), { readOnly: true, timeout: 5_000 });
  try {
    return String((db.prepare('SELECT id FROM stories WHERE title = ?').get(title) as { id: string }).id);
  } finally {
    db.close();
  }
}

/** Follows the page's own sign-in link, then signs in as a supporter does: e-mail, then the mailed code. */
async function signInFromLink(page: Page, name: string | RegExp) {
  const email = freshEmail('deep-link');
  const before = await mailCount(page.request, email, BASE_URL);
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(`${BASE_URL}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('form:has(input[name="email"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login\/verify-email/);
  await page.locator('input[name="code"]').fill(await latestCode(page.request, email, before));
  await page.locator('form:has(input[name="code"]) button[type="submit"]').click();
}

test('an activation\'s QR code, signed out: the badge waiting and a sign-in that comes back to collect it', async ({ page }) => {
  const response = await page.goto(ACTIVATION);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(`${BASE_URL}${ACTIVATION}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Matchday: Terrace FC v Millbank Rovers' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The Riverside Roar badge' })).toBeVisible();
  const collect = page.getByRole('region', { name: 'Collect badge' });
  await expect(collect).toContainText('The Riverside Roar badge');
  await expect(collect.getByRole('button')).toHaveCount(0);
  await expect(page.getByText(/\bpoints?\b/)).toHaveCount(0);

  await signInFromLink(page, 'Sign in to collect');
  await expect(page).toHaveURL(`${BASE_URL}${ACTIVATION}`);
  await expect(collect.getByRole('button', { name: 'Collect badge' })).toBeVisible();
});

test('a story\'s link, signed out: its cover and a sign-in that comes back to the story, no chapter before', async ({ page }) => {
  const id = storyId('Captain Calder signs on');
  await page.goto(`/stories/${id}`);
  await expect(page).toHaveURL(`${BASE_URL}/stories/${id}`);
  const cover = page.locator('[data-story-cover]');
  await expect(cover.getByRole('heading', { level: 1, name: 'Captain Calder signs on' })).toBeVisible();
  await expect(cover.locator('img')).toHaveAttribute('src', /^\/images\/stories\/.+-cover\.webp$/);
  await expect.poll(() => cover.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(cover).toContainText(/A story in \d+ chapters/);
  await expect(page.getByRole('heading', { name: 'Chapters' })).toHaveCount(0);
  await expect(page.locator('a[href^="/images/stories/"], img:not([src$="-cover.webp"])[src^="/images/stories/"]')).toHaveCount(0);
  // The link's preview (Open Graph) is the story's cover.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/images\/stories\/.+-cover\.webp$/);

  await signInFromLink(page, 'Sign in to watch');
  await expect(page).toHaveURL(`${BASE_URL}/stories/${id}`);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a rank story\'s link, signed out: its cover and the rank it is for, never its chapters', async ({ page }) => {
  const id = storyId('P9 Behind the scenes');
  await page.goto(`/stories/${id}`);
  const cover = page.locator('[data-story-cover]');
  await expect(cover.getByRole('heading', { level: 1, name: 'P9 Behind the scenes' })).toBeVisible();
  await expect(cover.locator('[data-story-rank]')).toHaveText('For supporters of rank P9');
  await expect(cover).toContainText('Sign in: if your rank is P9, the story opens here.');
  await expect(page.getByText('For P9 supporters only')).toHaveCount(0);
  await expect(page.locator('a[href^="/images/stories/"]')).toHaveCount(0);
  expect(await page.content()).not.toMatch(/For P9 supporters only|Thanks for climbing the ranks/);
});

test('a sweepstake\'s link, signed out: the prize and a sign-in that comes back to enter, no points shown', async ({ page }) => {
  await page.goto(SWEEPSTAKE);
  await expect(page).toHaveURL(`${BASE_URL}${SWEEPSTAKE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'A signed home shirt' })).toBeVisible();
  await expect(page.getByText('a 2026/27 home shirt signed by the first-team squad')).toBeVisible();
  await expect(page.getByText('Cost per entry')).toHaveCount(0);
  const enter = page.getByRole('region', { name: 'Enter' });
  await expect(enter).toContainText('Entries are for supporters aged 18 and over. Signing in brings you back here.');

  await signInFromLink(page, 'Sign in to enter');
  await expect(page).toHaveURL(`${BASE_URL}${SWEEPSTAKE}`);
  await expect(page.getByRole('link', { name: 'Sign in to enter' })).toHaveCount(0);
});

test('in Spanish, a deep link says the same in Spanish and is kept out of search engines', async ({ page, context, request }) => {
  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: `${BASE_URL}/` }]);
  await page.goto(ACTIVATION);
  await expect(page.getByRole('link', { name: 'Entra para conseguirla' })).toBeVisible();
  await expect(page.getByText('Al entrar vuelves aquí para conseguir la insignia con un toque.')).toBeVisible();
  const robots = await (await request.get('/robots.txt')).text();
  for (const path of ['/a/', '/stories/', '/sweepstakes']) expect(robots).toContain(`Disallow: ${path}`);
});

test('the signed-out home page shows a prize to win, and its link opens the prize with a way to sign in', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });
  await page.goto('/');
  const prize = page.getByRole('region', { name: /.+/ }).filter({ hasText: 'Up for grabs now' });
  await expect(prize).toBeVisible();
  await expect(prize).toContainText('Closes');
  // Still no JavaScript on the landing page.
  expect(scripts).toEqual([]);
  await prize.getByRole('link', { name: /See the prize/ }).click();
  await expect(page).toHaveURL(/\/sweepstakes\/[\w-]+$/);
  await expect(page.getByRole('link', { name: /Sign in to enter/ })).toBeVisible();
});
