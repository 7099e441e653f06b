import { expect, test, type Page } from '@playwright/test';
import { startBuiltServer, type RunningServer } from './support/extra-server.ts';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider, type RunningProvider } from '../../src/server/testing/oidc-provider.ts';
import { APP_PORT, BASE_URL } from './support/ports.ts';
import { seriousViolations } from './support/axe.ts';

// Sign-in with the club's own identity provider over OpenID Connect, against a real provider (panva's
// oidc-provider) started here, and the product as two more built servers configured for it: one with the
// e-mailed code still on, one with it off.
const PROVIDER_PORT = APP_PORT + 60;
const APP = `http://127.0.0.1:${APP_PORT + 61}`;
const PROVIDER_ONLY = `http://127.0.0.1:${APP_PORT + 62}`;
let provider: RunningProvider;
let app: RunningServer;
let providerOnly: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = await startOidcProvider(PROVIDER_PORT, [APP, PROVIDER_ONLY]);
  const settings = { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET };
  app = await startBuiltServer(APP_PORT + 61, settings);
  providerOnly = await startBuiltServer(APP_PORT + 62, { ...settings, EMAIL_SIGN_IN: 'off' });
});
test.afterAll(async () => {
  await app?.stop();
  await providerOnly?.stop();
  await provider?.stop();
});
test.use({ baseURL: APP });
test.beforeEach(async ({ page }) => {
  // The provider's development pages import a web font; this machine has no internet.
  await page.route('https://fonts.googleapis.com/**', (route) => route.abort());
});

const fresh = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** At the provider: its development login (any login is its subject); it sends the browser back. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.waitForURL((url) => url.origin !== provider.issuer);
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies(APP)).find((c) => c.name === 'terrace_session');
}

test('a new supporter signs in with the club, is onboarded, and signs out here and at the provider', async ({ page }) => {
  const login = fresh('newfan');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Terrace FC' }).click();
  await signInAtProvider(page, login);
  // A new supporter goes through onboarding first, as after an e-mailed code.
  await expect(page).toHaveURL(`${APP}/choose-your-membership`);
  expect(await sessionCookie(page)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const me = await page.evaluate(async () => (await (await fetch('/api/user/me')).json()).data);
  expect(me).toMatchObject({ email: `${login}@fans.test`, isNewUser: true });
  const statuses = await page.evaluate(async () => {
    const chose = await fetch('/api/membership/choose', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ membership: 'entry' }),
    });
    return [chose.status, (await fetch('/api/user/me/welcome', { method: 'POST' })).status];
  });
  expect(statuses).toEqual([200, 201]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(`${APP}/dashboard`);

  // Sign out: Terrace's session ends at once (cookie gone, /dashboard sends to /), then the provider's own.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/session/end`));
  expect(await sessionCookie(page)).toBeUndefined();
  const dashboard = await page.request.get(`${APP}/dashboard`, { maxRedirects: 0 });
  expect(dashboard.status()).toBe(302);
  expect(dashboard.headers()['location']).toBe('/');
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${APP}/`);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(`${APP}/`);

  // Signed out at the provider too: signing in again asks for the login, and lands on the dashboard.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Terrace FC' }).click();
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(`${APP}/dashboard`);
});

test('a supporter whose e-mail changed at the provider still finds their account, and lands where they were going', async ({ page }) => {
  const login = fresh('mover');
  await page.goto('/login/provider');
  await signInAtProvider(page, login);
  const first = await page.evaluate(async () => (await (await fetch('/api/user/me')).json()).data);
  expect(first.email).toBe(`${login}@fans.test`);
  await page.context().clearCookies();
  provider.emails.set(login, `${login}.new@fans.test`);
  // On the way to a page when asked to sign in: the usual routing after sign-in brings them back to it.
  await page.goto('/history');
  await expect(page).toHaveURL(`${APP}/`);
  await page.goto('/login/provider');
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(`${APP}/history`);
  const second = await page.evaluate(async () => (await (await fetch('/api/user/me')).json()).data);
  // The same account, found by the subject: a new one would hold the new address.
  expect(second.email).toBe(`${login}@fans.test`);
});

test('refusals come back to /login in words a supporter can act on, never an error page', async ({ page }) => {
  // Cancelled at the provider (access_denied).
  await page.goto('/login/provider');
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page).toHaveURL(`${APP}/login?problem=denied`);
  await expect(page.getByRole('alert')).toHaveText('You cancelled signing in with Terrace FC. To sign in, start again and allow access.');

  // An address the provider has not verified.
  await page.goto('/login/provider');
  await signInAtProvider(page, fresh('unverified'));
  await expect(page).toHaveURL(`${APP}/login?problem=unverified`);
  await expect(page.getByRole('alert')).toHaveText(
    'Your Terrace FC account has no confirmed e-mail address. Confirm it with Terrace FC, then sign in again.');
  expect(await sessionCookie(page)).toBeUndefined();

  // A callback this browser did not start (a forged or shared link): its state is not the kept one.
  const forged = await page.goto('/login/provider/callback?code=stolen&state=forged');
  expect(forged?.status()).toBe(200);
  await expect(page).toHaveURL(`${APP}/login?problem=state`);
  await expect(page.getByRole('alert')).toHaveText('That sign-in was out of date or started in another browser. Sign in again.');
});

test('with EMAIL_SIGN_IN=off the provider is the one way in: no code form, and the code API refuses', async ({ page }) => {
  await page.goto(`${PROVIDER_ONLY}/login`);
  await expect(page.getByRole('link', { name: 'Sign in with Terrace FC' })).toBeVisible();
  await expect(page.locator('input[name="email"]')).toHaveCount(0);
  const refused = await page.request.post(`${PROVIDER_ONLY}/api/session/email`, {
    data: { email: 'fan@example.com' }, headers: { Authorization: 'Bearer pk_demo_terrace' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatchObject({
    code: 'email_sign_in_off', message: 'Sign-in by e-mailed code is off for this club. Sign in with the club\'s own account instead.',
  });
  await page.getByRole('link', { name: 'Sign in with Terrace FC' }).click();
  await signInAtProvider(page, fresh('only'));
  await expect(page).toHaveURL(`${PROVIDER_ONLY}/choose-your-membership`);
});

for (const [locale, button] of [['en', 'Sign in with Terrace FC'], ['es', 'Entrar con Terrace FC']] as const) {
  test(`/login with the provider's button at 360 px (${locale})`, async ({ browser }, info) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale, baseURL: APP });
    const page = await context.newPage();
    await page.goto('/login');
    const link = page.getByRole('link', { name: button });
    await expect(link).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: info.outputPath(`login-provider-${locale}.png`), fullPage: true });
    // And with a refusal's words above it.
    await page.goto('/login?problem=unverified');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: info.outputPath(`login-provider-problem-${locale}.png`), fullPage: true });
    // As every page: no serious or critical accessibility violation (every-page.spec.ts).
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('signing in with the club and signing out there work as plain links, redirects and forms', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Terrace FC' }).click();
    await signInAtProvider(page, fresh('nojs'));
    await expect(page).toHaveURL(`${APP}/choose-your-membership`);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The Refresh header takes the browser on to the provider's sign-out, no script needed.
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/session/end`));
    expect(await sessionCookie(page)).toBeUndefined();
  });
});

test('without OIDC_ISSUER, /login offers the e-mailed code only, and an old /login/provider link goes back to it', async ({ page }) => {
  const suite = BASE_URL; // the suite's own server: no provider set
  await page.goto(`${suite}/login`);
  await expect(page.locator('input[name="email"]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with Terrace FC' })).toHaveCount(0);
  await page.goto(`${suite}/login/provider`);
  await expect(page).toHaveURL(`${suite}/login`);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
