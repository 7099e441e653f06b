import { expect, test, type Page } from '@playwright/test';
import { PLAYLISTS } from '../../src/shared/playlists.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { BASE_URL } from './support/ports.ts';

// Issue 13, points 7 and 8: what a search engine and a link preview see, and the club's about text.

const RUNNABLE_SCRIPTS = 'script:not([type="application/ld+json"])';
const PUBLIC_PATHS = ['/', '/about', '/accessibility', '/media', '/media/videos', '/media/instagram', ...PLAYLISTS.map((p) => `/media/playlists/${p.id}`)];

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test('/sitemap.xml is valid XML listing every public page, article and video by its absolute address', async ({ page, request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  await page.goto('/about');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return {
      error: doc.getElementsByTagName('parsererror').length > 0,
      root: doc.documentElement.namespaceURI,
      locs: [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent),
    };
  }, xml);
  expect(parsed.error).toBe(false);
  expect(parsed.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(parsed.locs.slice(0, PUBLIC_PATHS.length)).toEqual(PUBLIC_PATHS.map((path) => new URL(path, BASE_URL).href));
  // Then every published article (the demo has four), then every video (the demo has ten).
  const rest = parsed.locs.slice(PUBLIC_PATHS.length);
  const articles = rest.filter((loc) => loc?.startsWith(`${BASE_URL}/media/articles/`));
  const videos = rest.slice(articles.length);
  expect(articles.length).toBeGreaterThanOrEqual(4);
  expect(videos.length).toBeGreaterThanOrEqual(8);
  for (const loc of articles) expect(loc).toMatch(new RegExp(`^${BASE_URL}/media/articles/[a-z0-9-]+$`));
  for (const loc of videos) expect(loc).toMatch(new RegExp(`^${BASE_URL}/media/videos/[a-z0-9-]+$`));
  for (const loc of parsed.locs) expect((await request.get(loc!)).status(), loc!).toBe(200);
});

test('/robots.txt opens the public pages, closes the API and signed-in areas, and names the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const lines = (await response.text()).split('\n');
  expect(lines).toContain('User-agent: *');
  for (const path of ['/api/', '/dashboard', '/profile', '/history', '/challenges']) expect(lines).toContain(`Disallow: ${path}`);
  expect(lines.filter((line) => /^Disallow: \/(about|media)?$/.test(line))).toEqual([]);
  expect(lines).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
});

for (const path of ['/', '/about']) {
  test(`${path} carries link-preview tags with an absolute image and the club as a SportsTeam`, async ({ page, request }) => {
    await page.goto(`${path}?utm_source=newsletter`);
    const canonical = new URL(path, BASE_URL).href;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Terrace FC/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /^summary(_large_image)?$/);
    await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', /Terrace FC/);
    for (const selector of ['meta[property="og:image"]', 'meta[name="twitter:image"]']) {
      const image = await page.locator(selector).getAttribute('content');
      expect(image, selector).toMatch(new RegExp(`^${BASE_URL}/brand/terrace-fc/(hero|crest)\\.svg$`));
      expect((await request.get(image!)).status()).toBe(200);
    }
    const team = (await jsonLd(page)).find((data) => data['@type'] === 'SportsTeam');
    expect(team).toMatchObject({
      '@context': 'https://schema.org', name: 'Terrace FC', url: `${BASE_URL}/`, logo: `${BASE_URL}/brand/terrace-fc/crest.svg`,
    });
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator(RUNNABLE_SCRIPTS)).toHaveCount(0);
  });
}

for (const lang of ['en', 'es'] as const) {
  test(`/about shows the club's own text and crest in ${lang} chrome, with no JavaScript`, async ({ page, context }) => {
    await context.addCookies([{ name: 'terrace_lang', value: lang, url: `${BASE_URL}/` }]);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // The club's own text, in the visitor's language where the club wrote it (the demo club did, in Spanish).
    await expect(page.getByRole('heading', { level: 2, name: lang === 'en' ? 'Who we are' : 'Quiénes somos' })).toBeVisible();
    await expect(page.getByText(lang === 'en' ? /founded in 1898/ : /nació en 1898/)).toBeVisible();
    await expect(page.getByText(lang === 'en' ? /nació en 1898/ : /founded in 1898/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'supporters@terracefc.example' })).toHaveAttribute('href', 'mailto:supporters@terracefc.example');
    const crest = page.getByRole('img', { name: lang === 'en' ? 'Terrace FC crest' : 'Escudo de Terrace FC' });
    await expect(crest).toHaveAttribute('src', '/brand/terrace-fc/crest.svg');
    await expect(page.getByRole('heading', { level: 2, name: lang === 'en' ? 'Earn and spend points' : 'Gana y gasta puntos' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: lang === 'en' ? 'Ranks' : 'Rangos' })).toBeVisible();
    await expect(page.locator(RUNNABLE_SCRIPTS)).toHaveCount(0);
    expect(scripts).toEqual([]);
  });
}

test('a page rendered for a signed-in supporter is noindex; the same public page for a visitor is not', async ({ page, request }) => {
  const visitor = await request.get('/about');
  expect(visitor.headers()['x-robots-tag']).toBeUndefined();

  await signInOnboarded(page, 'seo');
  const dashboard = await page.goto('/dashboard');
  expect(dashboard?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const about = await page.goto('/about');
  expect(about?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});
