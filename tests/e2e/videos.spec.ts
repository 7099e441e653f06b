import { gzipSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInOnboarded } from './support/sign-in.ts';
import { BASE_URL } from './support/ports.ts';
import { requestMarker } from './support/signals.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 13, points 1, 3, 6, 8 and 9 for videos: the list and the video pages, the YouTube facade (no
// third-party request before the tap), a demo clip watched to its threshold paying through the island,
// playlists that stay "New" until opened, and what search engines read.

const CLIP = '/media/videos/goal-of-the-month';
const CLIP_NAME = "Goal of the month: Mensah's late winner";
const YOUTUBE = '/media/videos/film-night-spring';
const RUNNABLE_SCRIPTS = 'script:not([type="application/ld+json"])';

const isOwn = (url: string) => url.startsWith(BASE_URL) || url.startsWith('data:') || url.startsWith('blob:');

async function withoutScript(browser: Browser, page: Page, language?: 'es') {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  if (language) await context.addCookies([{ name: 'terrace_lang', value: language, url: `${BASE_URL}/` }]);
  return context;
}

test('a visitor lists the videos and plays a clip natively, with no JavaScript, and search engines read a VideoObject', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });
  await page.goto('/media/videos');
  await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
  const rows = page.getByRole('main').getByRole('list').first().getByRole('listitem');
  expect(await rows.count()).toBeGreaterThanOrEqual(8);
  await expect(page.getByText('Watched')).toHaveCount(0);
  expect(await page.locator(RUNNABLE_SCRIPTS).count()).toBe(0);
  await rows.filter({ hasText: CLIP_NAME }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${CLIP}$`));

  const video = page.locator('video');
  await expect(video).toHaveAttribute('controls', '');
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video).toHaveAttribute('poster', '/videos/goal-of-the-month.webp');
  await expect(video.locator('source')).toHaveAttribute('type', 'video/webm');
  await expect(page.getByRole('link', { name: 'Sign in to earn 10 points' })).toHaveAttribute('href', '/login');
  expect(await page.locator(RUNNABLE_SCRIPTS).count()).toBe(0);
  expect(scripts).toEqual([]);

  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'video.other');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${BASE_URL}/videos/goal-of-the-month.webp`);
  await expect(page.locator('meta[property="og:video"]')).toHaveAttribute('content', new RegExp(`^${BASE_URL}/api/media/videos/[a-f0-9]{64}\\.webm$`));
  const jsonLd = JSON.parse(await page.locator('script[type="application/ld+json"]').textContent() ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'VideoObject', name: CLIP_NAME, duration: 'PT10S', thumbnailUrl: [`${BASE_URL}/videos/goal-of-the-month.webp`] });

  // The clip itself: served with range requests, as a <video> asks for it.
  const src = await video.locator('source').getAttribute('src');
  const part = await page.request.get(src!, { headers: { Range: 'bytes=0-1023' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-type']).toBe('video/webm');
  expect(part.headers()['content-range']).toMatch(/^bytes 0-1023\/\d+$/);
  expect((await part.body()).byteLength).toBe(1024);
});

test('an unknown video is the spec 404', async ({ page }) => {
  const response = await page.goto('/media/videos/no-such-video');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /media/videos/no-such-video', { exact: true })).toBeVisible();
});

test('a supporter watches a demo clip to its threshold and sees the points arrive in the header', async ({ page }) => {
  await signInOnboarded(page, 'video-watch');
  await page.goto(CLIP);
  const pill = page.locator('header-standing [data-points]');
  await expect(pill).toHaveText('0');
  const watch = page.getByRole('region', { name: 'Watch to earn' });
  await expect(watch).toContainText('Earn 10 points for watching this video: it counts after 8 seconds of playing.');
  const calls: string[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/content/')) calls.push(`${r.request().method()} ${new URL(r.url()).pathname.replace(/[0-9a-f-]{36}/, ':id')} ${r.status()}`);
  });

  // The player's own keyboard control starts playback (and the watch ticket), as a keyboard user would.
  const video = page.locator('video');
  await video.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 10_000 }).toBe(true);
  await expect(watch.getByRole('status')).toHaveText('Keep watching: it counts in 8 seconds.');

  const notice = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
  await expect(notice).toContainText('+10 points', { timeout: 20_000 });
  await expect(notice).toContainText(`Thanks for watching “${CLIP_NAME}”.`);
  await expect(pill).toHaveText('10');
  await expect(watch.getByRole('status')).toHaveText('You have watched this video.');
  expect(calls).toEqual(['POST /api/content/videos/:id/ticket 200', 'POST /api/content/videos/:id/view 200']);

  // Reloaded, the page and the list say it is watched; the balance is the server's.
  await page.reload();
  await expect(watch).toContainText('Watched');
  await expect(pill).toHaveText('10');
  await page.goto('/media/videos');
  await expect(page.getByRole('listitem').filter({ hasText: CLIP_NAME })).toContainText('Watched');
});

test('the YouTube facade makes no third-party request before the tap, then loads only the youtube-nocookie player', async ({ page }) => {
  const foreign: string[] = [];
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (!isOwn(r.url())) foreign.push(r.url());
    else if (r.resourceType() === 'script') scripts.push(r.url());
  });
  // The player's address answers with a stand-in: the test machine is offline.
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }));
  const response = await page.goto(YOUTUBE);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain('frame-src https://www.youtube-nocookie.com;');
  expect(csp.match(/frame-src [^;]*/g)).toEqual(['frame-src https://www.youtube-nocookie.com']);
  await expect(page.getByText('Playing loads the video from YouTube (youtube-nocookie.com).')).toBeVisible();
  const facade = page.getByRole('link', { name: 'Play “Squad film night: Spring”' });
  await expect(facade.locator('img')).toHaveAttribute('src', '/videos/film-night-spring.webp');
  await page.waitForLoadState('networkidle');
  await requestMarker(page);
  expect(foreign).toEqual([]);
  // A visitor gets the facade's few hundred bytes (inline, hashed into the CSP), nothing else.
  expect(scripts).toEqual([]);
  const inline = await page.locator(RUNNABLE_SCRIPTS).allTextContents();
  expect(inline).toHaveLength(1);
  expect(gzipSync(inline[0]!, { level: 9 }).byteLength).toBeLessThan(512);
  await expect(page.locator('iframe')).toHaveCount(0);

  await facade.click();
  const frame = page.locator('iframe');
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/WhWc3b3KhnY\?autoplay=1/);
  await expect(frame).toHaveAttribute('title', 'Squad film night: Spring (YouTube)');
  await expect.poll(() => foreign.length).toBeGreaterThan(0);
  expect(foreign.every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);
  // Still on this page: the tap did not follow the link to youtube.com.
  await expect(page).toHaveURL(new RegExp(`${YOUTUBE}$`));
});

test('a signed-in supporter watching a YouTube video asks for a ticket at the tap; facade and player weigh under 3 KiB of own code', async ({ page }) => {
  await signInOnboarded(page, 'video-youtube');
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }));
  const own: Array<Promise<number>> = [];
  page.on('response', (r) => {
    if (/\/VideoWatchScript[^/]*\.js$/.test(new URL(r.url()).pathname)) own.push(r.body().then((b) => gzipSync(b, { level: 9 }).byteLength));
  });
  await page.goto(YOUTUBE);
  await page.waitForLoadState('networkidle');
  // The player's own code: the watch island's chunk and the facade's inline script (React, ky and the
  // shared stores are loaded for every signed-in page's header anyway).
  const facade = await page.locator('script[type="module"]:not([src])').allTextContents();
  const sizes = [...await Promise.all(own), ...facade.filter((text) => text.includes('youtube-facade')).map((text) => gzipSync(text, { level: 9 }).byteLength)];
  expect(sizes).toHaveLength(2);
  expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(3 * 1024);
  const ticket = page.waitForResponse((r) => r.url().endsWith('/ticket') && r.request().method() === 'POST');
  await page.getByRole('link', { name: 'Play “Squad film night: Spring”' }).click();
  expect((await ticket).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Watch to earn' }).getByRole('status')).toHaveText('Keep watching: it counts in 30 seconds.');
});

test("a playlist is New until the supporter opens it, and plays through its videos", async ({ page }) => {
  await signInOnboarded(page, 'playlist-new');
  await page.goto('/media/videos');
  const playlists = page.getByRole('region', { name: 'Playlists' });
  const academy = playlists.getByRole('link', { name: /^Academy/ });
  await expect(academy).toContainText('New');
  await expect(playlists.getByText('New', { exact: true })).toHaveCount(6);
  await academy.click();
  await expect(page).toHaveURL(/\/media\/playlists\/academy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Academy' })).toBeVisible();
  await expect(page.getByText('Watch all 2 videos to earn 5 points.')).toBeVisible();
  const list = page.getByRole('region', { name: 'In this playlist' }).getByRole('listitem');
  await expect(list).toHaveCount(2);

  // "Play all" opens the first video inside the playlist, which leads on to the next.
  await page.getByRole('link', { name: 'Play all' }).click();
  await expect(page).toHaveURL(/\/media\/videos\/training-rondo\?playlist=academy$/);
  await expect(page.getByRole('region', { name: 'In the playlist Academy' })).toContainText('0 of 2 watched');
  await page.getByRole('link', { name: 'Next: Academy: the Youth Cup run' }).click();
  await expect(page).toHaveURL(/\/media\/videos\/youth-cup-run\?playlist=academy$/);
  await expect(page.getByText('That was the last video in the playlist.')).toBeVisible();

  await page.goto('/media/videos');
  await expect(academy).not.toContainText('New');
  await expect(playlists.getByText('New', { exact: true })).toHaveCount(5);
});

test('an unknown playlist is the spec 404', async ({ page }) => {
  const response = await page.goto('/media/playlists/anything');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /media/playlists/anything', { exact: true })).toBeVisible();
});

test('without JavaScript the clip still plays and the page says in words that points need script; in Spanish', async ({ page, browser }) => {
  await signInOnboarded(page, 'video-nojs');
  const context = await withoutScript(browser, page, 'es');
  try {
    const plain = await context.newPage();
    await plain.goto(CLIP);
    await expect(plain.locator('html')).toHaveAttribute('lang', 'es');
    await expect(plain.getByRole('link', { name: 'Vídeos' }).first()).toBeVisible();
    const watch = plain.getByRole('region', { name: 'Míralo y gana' });
    await expect(watch).toContainText('Gana 10 puntos por ver este vídeo: cuenta tras 8 segundos de reproducción.');
    await expect(watch.getByRole('note')).toHaveText(
      'El vídeo se reproduce sin JavaScript, pero solo con él puedes ganar puntos por verlo: sin JavaScript el club no puede comprobar que lo has visto.',
    );
    await expect(plain.locator('video')).toHaveAttribute('controls', '');
    await plain.goto('/media/videos');
    await expect(plain.getByRole('heading', { level: 1, name: 'Vídeos' })).toBeVisible();
    await expect(plain.getByRole('heading', { name: 'Listas de reproducción' })).toBeVisible();
    await plain.goto('/media/playlists/goals');
    await expect(plain.getByRole('heading', { level: 1, name: 'Goles de la temporada' })).toBeVisible();
    await expect(plain.getByRole('link', { name: 'Reproducir todo' })).toBeVisible();
    // Without script the facade is a plain link to the video on YouTube.
    await plain.goto(YOUTUBE);
    await expect(plain.getByRole('link', { name: 'Reproducir «Squad film night: Spring»' })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=WhWc3b3KhnY');
  } finally {
    await context.close();
  }
});

test('the video and playlist pages have no serious or critical axe violation, signed out and signed in', async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of [CLIP, YOUTUBE, '/media/playlists/highlights']) {
    await page.goto(path);
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await signInOnboarded(page, 'video-axe');
  for (const path of [CLIP, `${CLIP}?playlist=goals`, '/media/videos']) {
    await page.goto(path);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
