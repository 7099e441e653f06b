import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInOnboarded } from './support/sign-in.ts';
import { BASE_URL } from './support/ports.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 13, point 2: public article pages with no JavaScript, what search engines read, and a read paid
// through a real form once the minimum reading time has passed.

const PATH = '/media/articles/boxing-day-tickets-on-sale';
const TITLE = 'Boxing Day tickets on sale to members';

async function withoutScript(browser: Browser, page: Page, language?: 'es') {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  if (language) await context.addCookies([{ name: 'terrace_lang', value: language, url: `${BASE_URL}/` }]);
  return context;
}

const articlePost = (page: Page) => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === PATH);

test('an anonymous visitor gets the article with its JSON-LD and Open Graph tags, and no JavaScript at all', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });
  await page.goto('/media');
  await page.getByRole('region', { name: 'Latest articles' }).getByRole('link', { name: new RegExp(TITLE) }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('By Ticket Office')).toBeVisible();
  // The cover: drawn at its explicit size (no layout shift), served from this site.
  const cover = page.locator('article img').first();
  await expect(cover).toHaveAttribute('width', '1200');
  await expect(cover).toHaveAttribute('height', '630');
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${TITLE} · Terrace FC`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  const jsonLd = JSON.parse(await page.locator('script[type="application/ld+json"]').textContent() ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', headline: TITLE, author: { name: 'Ticket Office' } });

  expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
  expect(scripts).toEqual([]);
  await page.getByRole('link', { name: 'Sign in to earn 10 points' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown article is the spec 404', async ({ page }) => {
  const response = await page.goto('/media/articles/no-such-article');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /media/articles/no-such-article', { exact: true })).toBeVisible();
});

test('without JavaScript a supporter reads to the end, is told to keep reading when too quick, then earns the points once', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInOnboarded(page, 'article-read');
  const context = await withoutScript(browser, page);
  try {
    const plain = await context.newPage();
    await plain.goto(PATH);
    const opened = Date.now();
    const read = plain.getByRole('region', { name: 'Finished reading?' });
    const hint = await read.getByText(/Earn 10 points for reading this article/).textContent();
    const seconds = Number(/about (\d+) seconds/.exec(hint ?? '')?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(10);
    await read.scrollIntoViewIfNeeded();

    // Straight to the button: refused beside it, and the clock keeps running from the first visit.
    const early = articlePost(plain);
    await read.getByRole('button', { name: "I've read it" }).click();
    expect((await early).status()).toBe(422);
    await expect(read.getByRole('status')).toContainText('You finished very quickly. Keep reading for');

    // The server counts the reading time from when it served the page (before `opened`), on its own clock:
    // no signal can stand in for it, so the test waits it out.
    await plain.waitForTimeout(Math.max(0, seconds * 1000 - (Date.now() - opened)) + 100);
    const posted = articlePost(plain);
    await read.getByRole('button', { name: "I've read it" }).click();
    expect((await posted).status()).toBe(303);
    await expect(plain).toHaveURL(new RegExp(`${PATH}#read$`));
    await expect(plain.getByRole('status').filter({ hasText: 'Thanks for reading' })).toContainText('You earned 10 points for reading this article.');
    await expect(read).toContainText('Read');
    await expect(read.getByRole('button')).toHaveCount(0);

    await plain.goto('/dashboard');
    await expect(plain.getByRole('region', { name: 'Your points' }).locator('[aria-hidden="true"]').first()).toHaveText('10 points');
    await plain.goto('/media');
    await expect(plain.getByRole('region', { name: 'Latest articles' }).getByRole('link', { name: new RegExp(TITLE) })).toContainText('Read');
  } finally {
    await context.close();
  }
});

test('in Spanish the page chrome and the read form speak Spanish; the club news stays as written', async ({ page, browser }) => {
  await signInOnboarded(page, 'article-es');
  const context = await withoutScript(browser, page, 'es');
  try {
    const plain = await context.newPage();
    await plain.goto(PATH);
    await expect(plain.locator('html')).toHaveAttribute('lang', 'es');
    await expect(plain.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(plain.getByText('Por Ticket Office')).toBeVisible();
    const read = plain.getByRole('region', { name: '¿Has terminado de leer?' });
    await expect(read.getByRole('button', { name: 'Ya lo he leído' })).toBeVisible();
    await expect(read).toContainText('Gana 10 puntos por leer este artículo.');
  } finally {
    await context.close();
  }
});

test('the article page has no serious or critical axe violation, signed out and signed in', async ({ page }) => {
  await page.goto(PATH);
  expect(await seriousViolations(page), PATH).toEqual([]);
  await signInOnboarded(page, 'article-axe');
  await page.goto(PATH);
  await expect(page.getByRole('button', { name: "I've read it" })).toBeVisible();
  expect(await seriousViolations(page), PATH).toEqual([]);
});
