import { expect, test } from '@playwright/test';
import { BASE_URL } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';

// A session ended elsewhere (sign-out on another device) while a page is open: the next island action
// says the supporter is signed out and offers sign-in, rather than "Something went wrong" (which a retry
// cannot mend).
test('an island action after the session ended on another device says so and leads to sign-in, in English and Spanish', async ({ page, browser }) => {
  for (const lang of ['en', 'es'] as const) {
    await page.context().clearCookies();
    await signInOnboarded(page, `signed-out-${lang}`);
    await page.context().addCookies([{ name: 'terrace_lang', value: lang, url: `${BASE_URL}/` }]);
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: lang === 'en' ? 'Daily check-in' : 'Visita diaria' });
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');

    // The other device: the same session, signed out there.
    const other = await browser.newContext({ storageState: await page.context().storageState() });
    expect((await other.request.post(new URL('/logout', page.url()).href, { maxRedirects: 0 })).status()).toBe(303);
    await other.close();

    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/_actions/checkin.checkIn/');
    await card.getByRole('button', { name: lang === 'en' ? 'Check in' : 'Registrar mi visita' }).click();
    expect((await answered).status()).toBe(401);
    const words = lang === 'en'
      ? { text: 'You are signed out: your session has ended, perhaps on another device. Sign in to go on.', link: 'Sign in' }
      : { text: 'Tu sesión ha terminado, quizá en otro dispositivo. Inicia sesión para seguir.', link: 'Iniciar sesión' };
    await expect(card).toContainText(words.text);
    await expect(card).not.toContainText(lang === 'en' ? 'Something went wrong' : 'Algo ha salido mal');
    const notice = page.getByRole('region', { name: /\(F8\)$/ }).getByRole('listitem');
    await expect(notice).toContainText(words.text);
    await notice.getByRole('link', { name: words.link }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
});
