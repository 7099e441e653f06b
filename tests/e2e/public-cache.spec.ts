import { expect, request as http, test, type APIResponse } from '@playwright/test';
import { BASE_URL } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';

// Anonymous public pages are the same for every visitor with the same language: served from memory
// and cacheable by a CDN. Anything personal (a session, another language) never gets someone else's copy.
const PUBLIC = 'public, max-age=60, stale-while-revalidate=600';

async function anonymousGet(path: string, headers: Record<string, string> = {}): Promise<{ response: APIResponse; body: string }> {
  const context = await http.newContext({ baseURL: BASE_URL });
  try {
    const response = await context.get(path, { headers: { 'accept-language': 'en', ...headers } });
    return { response, body: await response.text() };
  } finally {
    await context.dispose();
  }
}

for (const path of ['/', '/about', '/media']) {
  test(`two anonymous visitors of ${path} get the same page, publicly cacheable, each with its own request id`, async () => {
    const first = await anonymousGet(path);
    const second = await anonymousGet(path);
    expect(first.response.status()).toBe(200);
    expect(second.response.status()).toBe(200);
    expect(second.body).toBe(first.body);
    // The second from memory (the first too, when another test asked before).
    expect(second.response.headers()['x-astro-cache']).toBe('HIT');
    for (const { response } of [first, second]) {
      const headers = response.headers();
      expect(headers['cache-control']).toBe(PUBLIC);
      expect(headers['vary']).toMatch(/Accept-Language/);
      expect(headers['vary']).toMatch(/Cookie/);
      expect(headers['set-cookie']).toBeUndefined();
      // The hashes of the page's own scripts and styles come with the page, also from memory.
      expect(headers['content-security-policy']).toMatch(/script-src[^;]*'sha256-/);
    }
    expect(second.response.headers()['content-security-policy']).toBe(first.response.headers()['content-security-policy']);
    expect(second.response.headers()['x-request-id']).not.toBe(first.response.headers()['x-request-id']);
  });
}

test('a visitor in another language gets the page in that language, by header or by cookie', async () => {
  const english = await anonymousGet('/about');
  const byHeader = await anonymousGet('/about', { 'accept-language': 'es' });
  const byCookie = await anonymousGet('/about', { cookie: 'terrace_lang=es' });
  expect(english.body).toContain('<html lang="en"');
  expect(byHeader.body).toContain('<html lang="es"');
  expect(byCookie.body).toContain('<html lang="es"');
  expect(byCookie.body).toBe(byHeader.body);
  // And back: the English copy is still the English one.
  expect((await anonymousGet('/about')).body).toBe(english.body);
});

test('a signed-in supporter gets /about from the app, never stored', async ({ page }) => {
  await anonymousGet('/about');
  await signInOnboarded(page, 'public-cache');
  const response = await page.request.get('/about', { headers: { 'accept-language': 'en' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('private, no-store');
});

test('a session cookie the server does not know is dropped, not answered from memory', async () => {
  await anonymousGet('/about');
  const { response } = await anonymousGet('/about', { cookie: 'terrace_session=AAAAAAAAAAAAAAAAAAAAAAAA' });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).not.toBe(PUBLIC);
  expect(response.headers()['set-cookie']).toMatch(/terrace_session=/);
});
