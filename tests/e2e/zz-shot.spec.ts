import { test } from '@playwright/test';
import { freshEmail, signInThroughUi } from './support/sign-in.ts';

for (const js of [true, false]) {
  test.describe(`js ${js}`, () => {
    test.use({ javaScriptEnabled: js, viewport: { width: 360, height: 740 } });
    test(`profile shots js=${js}`, async ({ page, context }) => {
      await signInThroughUi(page, freshEmail('shot'));
      await page.request.patch('/api/user/me', { data: { firstName: 'Ana', lastName: 'García' } });
      for (const lang of ['en', 'es']) {
        await context.addCookies([{ name: 'terrace_lang', value: lang, url: 'http://127.0.0.1:4700' }]);
        await page.goto('/profile');
        await page.waitForTimeout(300);
        await page.screenshot({ path: `/tmp/shots/profile-${lang}-js${js}.png`, fullPage: true });
        await page.goto('/profile/edit');
        await page.screenshot({ path: `/tmp/shots/edit-${lang}-js${js}.png`, fullPage: true });
      }
    });
  });
}
