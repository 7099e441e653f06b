import { expect, test, type Browser, type Page } from '@playwright/test';
import { latestMail, mailCount } from './support/mailbox.ts';
import { BASE_URL as BASE } from './support/ports.ts';
import { freshEmail } from './support/sign-in.ts';

const codeIn = (subject: string) => /\b(\d{6})\b/.exec(subject)?.[1] ?? '';

/** A browser context with JavaScript off, in a language (the language cookie). */
async function pageFor(browser: Browser, options: { locale?: 'en' | 'es'; javaScript?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScript ?? false });
  if (options.locale) await context.addCookies([{ name: 'terrace_lang', value: options.locale, url: BASE }]);
  return context.newPage();
}

/** Asks for a code on /login and answers the mailed one, waiting for that mail. */
async function askForCode(page: Page, email: string, labels = { email: 'E-mail address', send: 'Send me a code' }) {
  const before = await mailCount(page.request, email, BASE);
  await page.goto('/login');
  await page.getByLabel(labels.email).fill(email);
  await page.getByRole('button', { name: labels.send }).click();
  await expect(page).toHaveURL(/\/login\/verify-email\?email=/);
  return latestMail(page.request, email, BASE, before);
}

/** "Send a new code" on the verify page until the new code differs from `old` (equal only once in a million). */
async function sendNewCode(page: Page, email: string, old: string, button: string): Promise<{ subject: string; text: string }> {
  for (;;) {
    const before = await mailCount(page.request, email, BASE);
    await page.getByRole('button', { name: button }).click();
    const mail = await latestMail(page.request, email, BASE, before);
    if (codeIn(mail.subject) !== old) return mail;
  }
}

test.describe('sign-in details, without JavaScript', () => {
  test('"Send a new code" mails a new code to the same address and says so; the old code then says it was replaced', async ({ browser }) => {
    const page = await pageFor(browser);
    const email = freshEmail('resend');
    const first = codeIn((await askForCode(page, email)).subject);

    const second = codeIn((await sendNewCode(page, email, first, 'Send a new code')).subject);
    await expect(page).toHaveURL(/\/login\/verify-email\?email=[^&]+&resent=1$/);
    await expect(page.getByRole('status')).toHaveText(`We sent a new code to ${email}. It works for 10 minutes; codes from earlier e-mails no longer work.`);
    await expect(page.getByText(email, { exact: true })).toBeVisible();

    await page.getByLabel('Code').fill(first);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('This code was replaced by a newer one. Use the code from the latest e-mail.');
    await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Code')).toBeFocused();

    await page.getByLabel('Code').fill(second);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/choose-your-membership$/);
    await page.context().close();
  });

  test('"Use another address" goes back to /login with the address filled in, ready to correct', async ({ browser }) => {
    const page = await pageFor(browser);
    const email = freshEmail('typo-in-address');
    await askForCode(page, email);
    await page.getByRole('link', { name: 'Use another address' }).click();
    await expect(page).toHaveURL(/\/login\?email=/);
    await expect(page.getByLabel('E-mail address')).toHaveValue(email);
    await expect(page.getByLabel('E-mail address')).toBeFocused();
    await page.context().close();
  });
});

test.describe('signing in in Spanish', () => {
  test('the pages, the e-mail and a replaced code speak Spanish', async ({ browser }) => {
    const page = await pageFor(browser, { locale: 'es' });
    const email = freshEmail('aficionado');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entra en Terrace FC');
    await expect(page).toHaveTitle(/^Iniciar sesión/);
    const mail = await askForCode(page, email, { email: 'Correo electrónico', send: 'Envíame un código' });
    const first = codeIn(mail.subject);
    expect(mail.subject).toBe(`Tu código para entrar en Terrace FC: ${first}`);
    expect(mail.text).toContain(`Tu código para entrar es: ${first}\nSirve una sola vez durante 10 minutos.`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revisa tu correo');
    await expect(page.getByText(/^Hemos enviado un código de 6 cifras a/)).toBeVisible();

    const again = await sendNewCode(page, email, first, 'Enviar un código nuevo');
    expect(again.subject).toMatch(/^Tu código para entrar en Terrace FC: \d{6}$/);
    await expect(page.getByRole('status')).toHaveText(`Te hemos enviado un código nuevo a ${email}. Es válido durante 10 minutos; los de correos anteriores ya no sirven.`);
    await page.getByLabel('Código').fill(first);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText('Este código se ha sustituido por otro más reciente. Usa el del último correo.');

    await page.getByLabel('Código').fill(codeIn(again.subject));
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/choose-your-membership$/);
    await page.context().close();
  });

  test('the welcome page speaks Spanish and "¡Vamos!" works without JavaScript', async ({ browser }) => {
    const page = await pageFor(browser, { locale: 'es' });
    const email = freshEmail('bienvenida');
    const mail = await askForCode(page, email, { email: 'Correo electrónico', send: 'Envíame un código' });
    await page.getByLabel('Código').fill(codeIn(mail.subject));
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    expect((await page.request.post('/api/membership/choose', { data: { membership: 'entry' } })).status()).toBe(200);
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Te damos la bienvenida a Terrace FC!');
    await expect(page.getByRole('heading', { name: 'Cómo ganar puntos' })).toBeVisible();
    await expect(page.getByText('10.000 puntos', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '¡Vamos!' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.context().close();
  });
});

test.describe('the language page', () => {
  test('switches the whole app to Spanish and back, without JavaScript', async ({ browser }) => {
    const page = await pageFor(browser);
    await page.goto('/language');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Language');
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    await page.getByRole('radio', { name: 'Español' }).check();
    await page.getByRole('button', { name: 'Change language' }).click();
    await expect(page).toHaveURL(/\/language$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Idioma');
    await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Envíame un código' })).toBeVisible();

    await page.goto('/language');
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Cambiar idioma' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Language');
    await page.context().close();
  });

  test('refuses a language it does not offer, beside the choice', async ({ page }) => {
    const res = await page.request.post('/language', { form: { locale: 'fr', returnTo: '/about' }, maxRedirects: 0 });
    expect(res.status()).toBe(422);
    expect(await res.text()).toContain('Choose one of the languages in the list.');
  });
});
