import { expect, test, type Page } from '@playwright/test';
import { earn60Points, setBirthday } from './support/supporter.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { seriousViolations } from './support/axe.ts';

const CREST = '/brand/terrace-fc/crest.svg';
const HERO = '/brand/terrace-fc/hero.svg';

test.use({ viewport: { width: 360, height: 740 } });

/** The header carries the club: its crest (loaded, with its size set) and its name, in one slim row. */
async function expectClubHeader(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Terrace FC', exact: true })).toBeVisible();
  const crest = header.locator(`img[src="${CREST}"]`);
  await expect(crest).toBeVisible();
  await expect(crest).toHaveAttribute('width', /\d+/);
  await expect(crest).toHaveAttribute('height', /\d+/);
  expect(await crest.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(60);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  return header;
}

for (const { lang, signIn, howItWorks, points, history } of [
  { lang: 'en', signIn: 'Sign in', howItWorks: 'How it works', points: '60 points', history: 'see your history' },
  { lang: 'es', signIn: 'Iniciar sesión', howItWorks: 'Cómo funciona', points: '60 puntos', history: 'ver tu historial' },
]) {
  test.describe(`in ${lang === 'en' ? 'English' : 'Spanish'}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      if (lang === 'es') await context.addCookies([{ name: 'terrace_lang', value: 'es', url: baseURL! }]);
    });

    test('the landing page carries the club: header, hero, one Sign in, and the crest as the tab icon', async ({ page }) => {
      await page.goto('/');
      await expectClubHeader(page);
      const hero = page.getByRole('main').locator(`img[src="${HERO}"]`);
      await expect(hero).toBeVisible();
      await expect(hero).toHaveAttribute('width', '720');
      await expect(hero).toHaveAttribute('height', '300');
      expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Exactly one way to sign in, and it is the page's primary action.
      await expect(page.getByRole('link', { name: new RegExp(signIn, 'i') })).toHaveCount(1);
      const primary = page.getByRole('link', { name: signIn, exact: true });
      await expect(primary).toHaveAttribute('href', '/login');
      await expect(primary).toHaveClass(/bg-primary/);
      await expect(page.getByRole('link', { name: howItWorks })).toHaveAttribute('href', '/about');
      await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0);

      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', CREST);
      const icon = await page.request.get(CREST);
      expect(icon.status()).toBe(200);
      expect(icon.headers()['content-type']).toContain('image/svg+xml');
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b5d3b');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Terrace FC/);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('/about shows the club header and still ships no JavaScript', async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await page.goto('/about');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expectClubHeader(page);
      await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0);
      expect(scripts).toEqual([]);
    });

    test('a signed-in supporter sees the rank and real balance in the header, without JavaScript too', async ({ page, browser }) => {
      await signInOnboarded(page, `header-${lang}`);
      await earn60Points(page);
      await page.goto('/dashboard');
      const header = await expectClubHeader(page);
      await expect(header.getByRole('link', { name: 'Terrace FC', exact: true })).toHaveAttribute('href', '/dashboard');
      const standing = header.getByRole('link', { name: new RegExp(`P10 ${points} ${history}$`) });
      await expect(standing).toHaveAttribute('href', '/history');
      await expect(standing.locator('span[aria-hidden="true"]')).toHaveText(points);

      const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
      try {
        const noScript = await context.newPage();
        for (const path of ['/dashboard', '/about']) {
          await noScript.goto(path);
          const plain = noScript.getByRole('banner');
          await expect(plain.getByRole('link', { name: 'Terrace FC', exact: true })).toBeVisible();
          await expect(plain.locator('span[aria-hidden="true"]')).toHaveText(points);
          await expect(plain).toContainText('P10');
        }
      } finally {
        await context.close();
      }
    });
  });
}

test('the header balance follows an award at once, without a reload', async ({ page }) => {
  await signInOnboarded(page, 'header-live');
  await page.goto('/dashboard');
  const balance = page.getByRole('banner').locator('span[aria-hidden="true"]');
  await expect(balance).toHaveText('0 points');
  const card = page.getByRole('region', { name: 'Daily check-in' });
  await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(balance).toHaveText('10 points');
  await expect(page.getByRole('banner').getByRole('link', { name: /10 points/ })).toBeVisible();
});

test('an under-18 supporter sees the rank in the header, never points', async ({ page }) => {
  await signInOnboarded(page, 'header-young');
  const birthday = `${new Date().getFullYear() - 15}-06-15`;
  await setBirthday(page, birthday);
  await page.goto('/dashboard');
  const header = await expectClubHeader(page);
  await expect(header).toContainText('P10');
  await expect(header.getByText(/points/)).toHaveCount(0);
});
