import { expect, test, type Page } from '@playwright/test';
import { requestMarker } from './support/signals.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { seriousViolations } from './support/axe.ts';

/** Every script the page loads, with its body. */
function recordScripts(page: Page) {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    // A response still arriving when the test ends has no body to read; that is not a failure.
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.text().catch(() => '') });
  });
  return scripts;
}

// canvas-confetti's own code (its worker set-up) identifies its chunk, whatever the file is named.
const CONFETTI_SIGNATURE = 'transferControlToOffscreen';

test.describe('JavaScript on first load', () => {
  for (const path of ['/', '/about', '/login', '/login/verify-email', '/media', '/media/videos', '/no-such-page']) {
    test(`${path} has no interactive part and loads 0 bytes of JavaScript`, async ({ page }) => {
      const scripts = recordScripts(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(scripts.map((s) => s.url)).toEqual([]);
      expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    });
  }

  test('canvas-confetti is not part of the first load of an interactive page, only of firing', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/dev/gallery');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const firstLoad = await Promise.all(scripts.map(async (s) => ({ url: s.url, body: await s.body })));
    expect(firstLoad.filter((s) => s.body.includes(CONFETTI_SIGNATURE)).map((s) => s.url)).toEqual([]);

    await page.getByRole('button', { name: 'Fire confetti' }).click();
    await expect.poll(async () => (await Promise.all(scripts.map((s) => s.body))).some((b) => b.includes(CONFETTI_SIGNATURE))).toBe(true);
  });
});

test.describe('accessibility (axe)', () => {
  for (const path of ['/dev/gallery', '/no-such-page', '/', '/about', '/login', '/media/videos']) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(path);
      expect(await seriousViolations(page), path).toEqual([]);
    });
  }
});

test.describe('languages', () => {
  test('follow Accept-Language, and the language cookie once chosen', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto('/no-such-page');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();

    await context.addCookies([{ name: 'terrace_lang', value: 'en', url: page.url() }]);
    await page.goto('/no-such-page');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Sorry, this page cannot be found' })).toBeVisible();
    await context.close();
  });

  test('the language switch keeps the choice for 365 days and returns to the page', async ({ page, context }) => {
    await page.goto('/about');
    const response = await page.request.post('/language', { form: { locale: 'es', returnTo: '/media' }, maxRedirects: 0 });
    expect(response.status()).toBe(303);
    expect(response.headers()['location']).toBe('/media');
    const cookie = (await context.cookies()).find((c) => c.name === 'terrace_lang');
    expect(cookie?.value).toBe('es');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    await page.goto('/media');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Multimedia' })).toHaveAttribute('aria-current', 'page');
  });

  test('a visitor chooses the language from the header and comes back to the page, without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/about');
    await page.getByRole('banner').getByRole('link', { name: 'Language' }).click();
    await page.getByRole('radio', { name: 'Español' }).check();
    await page.getByRole('button', { name: 'Change language' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Idioma' })).toBeVisible();
    await context.close();
  });

  test('the language switch refuses an unknown language and an off-site return path', async ({ request }) => {
    expect((await request.post('/language', { form: { locale: 'xx' }, maxRedirects: 0 })).status()).toBe(422);
    const offsite = await request.post('/language', { form: { locale: 'en', returnTo: '//evil.example' }, maxRedirects: 0 });
    expect(offsite.headers()['location']).toBe('/');
  });
});

test.describe('a script chunk that fails to load', () => {
  test('reloads the page once, and not again within 10 seconds', async ({ page }) => {
    // As after a deploy: the page asks for an island chunk the server no longer has.
    await page.route(/BirthdayDemo[^/]*$/, (route) => route.abort());
    let loads = 0;
    let navigations = 0;
    page.on('load', () => (loads += 1));
    page.on('request', (r) => { if (r.isNavigationRequest() && r.frame() === page.mainFrame()) navigations += 1; });
    // Each document counts the failures it reports; the guard decides whether to reload in the same handler.
    await page.addInitScript(() => addEventListener('terrace:navigation-error', () => { (window as unknown as { reported: boolean }).reported = true; }));
    await page.goto('/dev/gallery');
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
    // The reloaded page failed too, and its guard has decided: a reload would have asked for the page
    // before a request the page makes now.
    await page.waitForFunction(() => (window as unknown as { reported?: boolean }).reported === true);
    await requestMarker(page);
    expect(navigations).toBe(2);
    expect(loads).toBe(2);
  });

  test('pages without islands carry no reload guard', async ({ page }) => {
    await page.goto('/about');
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
  });
});

test.describe('the UI gallery', () => {
  test('shows every shared part, captured on a phone and a desktop screen', async ({ page }, testInfo) => {
    for (const [name, width, height] of [['phone', 390, 844], ['desktop', 1280, 900]] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/dev/gallery');
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      for (const heading of ['Theme colours', 'Buttons', 'Toasts', 'Dialog', 'Points pill', 'Icons', 'Feedback prompt', 'Confetti', 'Birthday bonus modal']) {
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      }
      const shot = await page.screenshot({ fullPage: true, path: testInfo.outputPath(`gallery-${name}.png`) });
      await testInfo.attach(`gallery-${name}`, { body: shot, contentType: 'image/png' });
      expect(shot.byteLength).toBeGreaterThan(20_000);
    }
  });
});

test('every tap target of the tab bar is at least 44 px by 44 on a 360 px phone, signed out and in', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const targets = async () => {
    const boxes = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').evaluateAll((links) => links.map((link) => {
      const { width, height } = link.getBoundingClientRect();
      return { name: link.textContent?.trim(), width: Math.round(width), height: Math.round(height) };
    }));
    expect(boxes.length).toBeGreaterThan(1);
    for (const box of boxes) {
      expect(box.width, box.name).toBeGreaterThanOrEqual(44);
      expect(box.height, box.name).toBeGreaterThanOrEqual(44);
    }
  };
  await page.goto('/about');
  await targets();
  await signInOnboarded(page, 'tab-targets');
  await page.goto('/dashboard');
  await targets();
});
