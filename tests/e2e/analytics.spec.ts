import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { startBuiltServer, type RunningServer } from './support/extra-server.ts';
import { APP_PORT } from './support/ports.ts';
import { freshEmail, onboard, signInOnboarded, signInThroughApi } from './support/sign-in.ts';
import { hydratedAll, pageIdle } from './support/signals.ts';

// Product analytics against a local capture server standing in for the analytics host, on a second built
// server started with PUBLIC_POSTHOG_KEY and PUBLIC_POSTHOG_HOST set (the suite's own server runs without).
const APP = APP_PORT + 46;
const CAPTURE_PORT = APP_PORT + 47;
const CAPTURE = `http://127.0.0.1:${CAPTURE_PORT}`;

interface Captured { event: string; distinct_id?: string; properties: Record<string, any>; $set?: Record<string, unknown> }

/** Reads posthog-js's batches however it sends them: plain JSON, gzip (?compression=gzip-js) or base64 form data. */
function readEvents(url: URL, body: Buffer): Captured[] {
  if (!body.length) return [];
  let text: string;
  if (url.searchParams.get('compression') === 'gzip-js' || (body[0] === 0x1f && body[1] === 0x8b)) text = gunzipSync(body).toString('utf8');
  else text = body.toString('utf8');
  if (text.startsWith('data=')) text = Buffer.from(decodeURIComponent(text.slice(5)), 'base64').toString('utf8');
  try {
    const parsed = JSON.parse(text);
    return (Array.isArray(parsed) ? parsed : parsed.batch ?? [parsed]).filter((e: Captured) => typeof e?.event === 'string');
  } catch {
    return [];
  }
}

const captured: Captured[] = [];
const requests: string[] = [];
const capture: Server = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', CAPTURE);
    requests.push(url.pathname);
    const cors = { 'Access-Control-Allow-Origin': req.headers.origin ?? '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Credentials': 'true' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    captured.push(...readEvents(url, Buffer.concat(chunks)));
    if (process.env['ANALYTICS_DEBUG']) console.log(req.method, req.url, req.headers['content-type'], req.headers['content-encoding'], Buffer.concat(chunks).subarray(0, 120).toString('latin1'));
    res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(url.pathname.startsWith('/flags') ? '{"featureFlags":{}}' : '{"status":1}');
  });
});

let club: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  await new Promise<void>((r) => capture.listen(CAPTURE_PORT, '127.0.0.1', r));
  club = await startBuiltServer(APP, { PUBLIC_POSTHOG_KEY: 'phc_e2e_test_key', PUBLIC_POSTHOG_HOST: CAPTURE });
  const db = new DatabaseSync(club.database, { timeout: 5_000 });
  try {
    const { id } = db.prepare('SELECT id FROM organizations LIMIT 1').get() as { id: string };
    db.prepare('INSERT INTO organization_settings (organization_id, key, value) VALUES (?, ?, ?)').run(id, 'internalDomains', 'club.io');
    db.prepare('INSERT INTO consents (id, organization_id, key, name, description, position, active, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(randomUUID(), id, 'analytics', 'Product analytics', 'Anonymous usage statistics that help us improve the app.', 9, 1, new Date().toISOString());
  } finally {
    db.close();
  }
});
test.afterAll(async () => {
  await club?.stop();
  capture.closeAllConnections();
  await new Promise((r) => capture.close(r));
});

/** Captures an event in the page and waits for it to reach the capture server: what was captured before it has left too. */
async function captureMarker(page: Page, name: string): Promise<void> {
  // The page's client starts after first paint: it reports what was kept for it before anything else can be captured.
  await expect.poll(() => page.evaluate(() => !!window.__terraceAnalytics), { timeout: 10_000 }).toBe(true);
  await page.evaluate((name) => { window.__terraceAnalytics!.capture(name); }, name);
  await expect.poll(() => captured.some((e) => e.event === name), { timeout: 15_000 }).toBe(true);
}

/** The page at `query` has asked GET /observe.json and read the whole answer. */
const observeAnswered = (page: Page, query: string) => page.waitForEvent('requestfinished', (r) =>
  new URL(r.url()).pathname === '/observe.json' && (r.headers()['referer'] ?? '').includes(query));

const pageviews = (path: string) => captured.filter((e) => e.event === 'pageview' && e.properties['path'] === path);

// Through the API with the browser's session, not from a page: the tests' own first page is the first one loaded.
async function giveAnalyticsConsent(page: Page, value: 0 | 1) {
  const consents = (await (await page.request.get('/api/consent/user')).json()).data as Array<{ id: string; consentId: string }>;
  const consent = consents.find((c) => c.consentId === 'analytics')!;
  const res = await page.request.patch(`/api/consent/user/${consent.id}`, { data: { consentId: 'analytics', value, data: null } });
  expect(res.status()).toBe(200);
}

const myUserId = async (page: Page) => (await (await page.request.get('/api/user/me')).json()).data.userId as string;

test.describe('with PUBLIC_POSTHOG_KEY set', () => {
  // posthog-js drops every event of a browser that looks automated ("HeadlessChrome" in the user agent or its
  // brands, navigator.webdriver) as a bot's: here the browser looks like a person's Chrome, and the product keeps its bot filter.
  test.use({
    baseURL: `http://127.0.0.1:${APP}`,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
      // The headless shell's brands say "HeadlessChrome" too.
      const data = Reflect.get(navigator, 'userAgentData') as { brands: Array<{ brand: string }> } | undefined;
      if (!data) return;
      const brands = data.brands.filter(({ brand }) => !/headless/i.test(brand));
      Object.defineProperty(Object.getPrototypeOf(data), 'brands', { get: () => brands });
    });
  });

  test('starts after first paint with the spec constants, one pageview per page with the full path, no cookie or storage', async ({ page, context }) => {
    await page.goto('/about?from=e2e');
    await expect.poll(() => page.evaluate(() => !!window.__terraceAnalytics), { timeout: 10_000 }).toBe(true);
    const config = await page.evaluate(() => {
      const c = window.__terraceAnalytics!.config as unknown as Record<string, unknown>;
      const pick = ['api_host', 'persistence', 'capture_pageview', 'session_idle_timeout_seconds', 'cookie_expiration',
        'feature_flag_request_timeout_ms', 'disable_external_dependency_loading', 'autocapture', 'disable_session_recording', 'capture_heatmaps'];
      return Object.fromEntries(pick.map((k) => [k, c[k]]));
    });
    expect(config).toEqual({
      api_host: CAPTURE, persistence: 'memory', capture_pageview: false, session_idle_timeout_seconds: 1800, cookie_expiration: 365,
      feature_flag_request_timeout_ms: 3000, disable_external_dependency_loading: true,
      // The page is on 127.0.0.1: localhost rules.
      autocapture: false, disable_session_recording: true, capture_heatmaps: false,
    });
    await page.goto('/media?tab=all');
    await expect.poll(() => pageviews('/media?tab=all').length, { timeout: 15_000 }).toBe(1);
    expect(pageviews('/about?from=e2e')).toHaveLength(1);
    expect(captured.some((e) => e.event === '$pageview')).toBe(false);

    const cookies = await context.cookies();
    expect(cookies.filter((c) => /ph_|posthog/i.test(c.name))).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    // The page's CSP allows exactly the capture host for connections.
    const csp = (await page.request.get('/about')).headers()['content-security-policy']!;
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${CAPTURE.replace(/[.]/g, '\\.')}(;|$)`));
    expect(requests.every((path) => !path.includes('/static/'))).toBe(true);
  });

  test('a failed navigation (an island chunk that did not load) is reported as navigation-error with its path, and the error is not swallowed', async ({ page }) => {
    await signInThroughApi(page.context(), freshEmail('analytics-chunk'));
    await onboard(page.request);
    await giveAnalyticsConsent(page, 1);
    // As after a deploy: the first view of the page cannot fetch the toast area's chunk (nor Astro's retry of
    // it); the reload the chunk-reload guard makes can.
    let documents = 0;
    page.on('request', (request) => { if (request.isNavigationRequest()) documents += 1; });
    await page.route(/\/_astro\/Toaster\.[^/]+\.js/, (route) => (documents <= 1 ? route.abort() : route.continue()));
    const consoleErrors: string[] = [];
    page.on('console', (message) => { if (message.type() === 'error') consoleErrors.push(message.text()); });
    await page.goto('/dashboard?probe=broken');

    const reported = () => captured.filter((e) => e.event === 'navigation-error' && e.properties['path'] === '/dashboard?probe=broken');
    await expect.poll(() => reported().length, { timeout: 20_000 }).toBe(1);
    expect(reported()[0]!.properties['error']).toMatch(/^Failed to fetch dynamically imported module: .*\/_astro\/Toaster\./);
    // The page was loaded again, and this time the toast area came.
    expect(documents).toBe(2);
    await expect(page.locator('astro-island[component-url*="Toaster"]')).not.toHaveAttribute('ssr', { timeout: 10_000 });
    // Reported, not caught: the error still reached the console as the island's own failure.
    expect(consoleErrors.some((text) => text.includes('[astro-island] Error hydrating') && text.includes('Toaster'))).toBe(true);
    // Reported once: a second report would leave before an event captured after it.
    await captureMarker(page, 'after-report');
    expect(reported()).toHaveLength(1);
  });

  for (const [domain, internal] of [['club.io', true], ['example.com', false]] as const) {
    test(`starts as a supporter at ${domain}, marked internal ${internal}`, async ({ page }) => {
      const email = freshEmail('analytics').replace('@example.com', `@${domain}`);
      await signInThroughApi(page.context(), email);
      await giveAnalyticsConsent(page, 1);
      const userId = await myUserId(page);
      // What the page starts after first paint: the key, the host and this supporter, decided on the server.
      const observe = await page.request.get('/observe.json');
      expect(observe.headers()['cache-control']).toBe('private, no-store');
      expect(await observe.json()).toEqual({ analytics: { key: 'phc_e2e_test_key', host: CAPTURE, userId, internal }, tracing: null });
      await page.goto(`/about?internal=${internal}`);
      // The page's own pageview carries the person property beside the event's properties, as `$set`.
      await expect.poll(() => pageviews(`/about?internal=${internal}`).find((e) => e.properties['distinct_id'] === userId)?.$set, { timeout: 15_000 })
        .toEqual(expect.objectContaining({ internal }));
    });
  }

  test('a signed-in page starts as the supporter: no anonymous id, no $identify, no feature-flag request, no warning', async ({ page }) => {
    await signInThroughApi(page.context(), freshEmail('analytics-start'));
    await giveAnalyticsConsent(page, 1);
    const userId = await myUserId(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (['warning', 'error'].includes(message.type()) && /posthog/i.test(message.text())) warnings.push(message.text());
    });
    const [eventsBefore, requestsBefore] = [captured.length, requests.length];

    for (const path of ['/about?start=first', '/profile?start=second']) {
      await page.goto(path);
      await expect.poll(() => pageviews(path).length, { timeout: 15_000 }).toBe(1);
      // From its very first call the client is this supporter: it never minted an anonymous id to merge.
      expect(await page.evaluate(() => window.__terraceAnalytics!.get_distinct_id())).toBe(userId);
    }
    const events = captured.slice(eventsBefore);
    expect(events[0]!.properties['distinct_id']).toBe(userId);
    expect(events.filter((e) => e.properties['distinct_id'] !== userId)).toEqual([]);
    expect(events.filter((e) => e.event === '$identify')).toEqual([]);
    // The product uses no feature flags: neither posthog-js's flags call nor its older decide call is made.
    expect(requests.slice(requestsBefore).filter((path) => /flags|decide/.test(path))).toEqual([]);
    expect(warnings).toEqual([]);
  });

  test('resets on logout, with the stores', async ({ page }) => {
    await signInThroughApi(page.context(), freshEmail('analytics-out'));
    await giveAnalyticsConsent(page, 1);
    await page.goto('/profile');
    await expect.poll(() => page.evaluate(() => !!window.__terraceAnalytics), { timeout: 10_000 }).toBe(true);
    await page.evaluate(() => {
      const client = window.__terraceAnalytics!;
      const reset = client.reset.bind(client);
      client.reset = (...args) => { sessionStorage.setItem('analytics-reset', String(client.get_distinct_id())); reset(...args); };
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`http://127.0.0.1:${APP}/`);
    expect(await page.evaluate(() => sessionStorage.getItem('analytics-reset'))).toBeTruthy();
  });

  test('a supporter without the analytics consent is not tracked, and nothing leaves once it is switched off', async ({ page }) => {
    await signInThroughApi(page.context(), freshEmail('analytics-consent'));
    // Never given: not tracked, and posthog-js is not even downloaded.
    const chunks: string[] = [];
    page.on('request', (request) => { if (request.url().includes('analytics.client')) chunks.push(request.url()); });
    const asked = observeAnswered(page, 'consent=none');
    await page.goto('/about?consent=none');
    // The page asks the server what to start (nothing, below), hears it, and has nothing left to run.
    await asked;
    await pageIdle(page);
    expect(pageviews('/about?consent=none')).toHaveLength(0);
    expect(await page.evaluate(() => !!window.__terraceAnalytics)).toBe(false);
    expect(chunks).toEqual([]);
    expect((await (await page.request.get('/observe.json')).json()).analytics).toBeNull();

    await giveAnalyticsConsent(page, 1);
    await page.goto('/profile?consent=given');
    await expect.poll(() => pageviews('/profile?consent=given').length, { timeout: 15_000 }).toBe(1);
    const before = captured.length;
    const toggle = page.getByRole('switch', { name: 'Product analytics' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    // Switched in the page (the island), so the page that keeps running is the one that must stop sending.
    await toggle.scrollIntoViewIfNeeded();
    await expect(toggle.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    // Dropped as it is captured (before_send), so nothing is queued to leave with the page.
    expect(await page.evaluate(() => window.__terraceAnalytics!.capture('after-withdrawal') === undefined)).toBe(true);
    const askedAgain = observeAnswered(page, 'consent=withdrawn');
    await page.goto('/about?consent=withdrawn');
    await askedAgain;
    await pageIdle(page);
    expect((await (await page.request.get('/observe.json')).json()).analytics).toBeNull();
    expect(captured.slice(before)).toEqual([]);
  });
});

test.describe('with PUBLIC_POSTHOG_KEY unset (the suite\'s own server)', () => {
  test('no analytics code is loaded at all, signed out or in', async ({ page }) => {
    const scripts: string[] = [];
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
    });
    await page.goto('/about');
    expect(await page.locator('html').getAttribute('data-observe')).toBe('0');
    await signInOnboarded(page, 'analytics-unset');
    await page.goto('/dashboard');
    expect(await page.locator('html').getAttribute('data-observe')).toBe('0');
    // The check rides in an island's script: once every island has run and the page idles, it has decided.
    await hydratedAll(page);
    await pageIdle(page);
    expect(await page.evaluate(() => '__terraceAnalytics' in window)).toBe(false);
    // Nothing asked for after the page: no settings, no analytics chunk.
    expect(asked.filter((path) => path === '/observe.json' || path.includes('analytics.client') || path.includes('observers.client'))).toEqual([]);
    const inline = await page.evaluate(() => [...document.scripts].map((s) => s.textContent ?? '').join('\n'));
    for (const text of [...scripts, inline]) expect(text).not.toMatch(/posthog/i);
    // Asked all the same, the server names nothing to start.
    const observe = await page.request.get('/observe.json');
    expect(observe.headers()['cache-control']).toBe('private, no-store');
    expect(await observe.json()).toEqual({ analytics: null, tracing: null });
  });

});
