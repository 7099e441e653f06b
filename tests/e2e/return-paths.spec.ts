import { expect, test } from '@playwright/test';
import { freshEmail, signInThroughUi } from './support/sign-in.ts';
import { BASE_URL } from './support/ports.ts';

// Issue 10, point 5: every remembered path and returnTo comes out as a path on this site. The URL
// parser turns `/.//evil.example/phish` into `//evil.example/phish`, another site to a browser.
const OFF_SITE = ['/.//evil.example/phish', '/%2e//evil.example/phish', '/..//evil.example/phish', '/%5Cevil.example/phish'];
const ORIGIN = new URL(BASE_URL).origin;

test.describe('after sign-in, a planted return path', () => {
  for (const planted of OFF_SITE) {
    test(`${planted} lands on this site`, async ({ page, context }) => {
      await context.addCookies([{ name: 'terrace_return_to', value: planted, url: BASE_URL }]);
      const signedIn = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login/verify-email');
      await signInThroughUi(page, freshEmail('return-path'));
      const location = (await signedIn).headers()['location'] ?? '';
      expect(location).toBe('/dashboard');
      expect(new URL(page.url()).origin).toBe(ORIGIN);
    });
  }
});

test.describe('the language switch', () => {
  for (const returnTo of OFF_SITE) {
    test(`stays on this site for returnTo=${returnTo}`, async ({ request }) => {
      const response = await request.post('/language', { form: { locale: 'es', returnTo }, maxRedirects: 0 });
      expect(response.status()).toBe(303);
      const location = response.headers()['location'] ?? '';
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, BASE_URL).origin).toBe(ORIGIN);
    });
  }
});
