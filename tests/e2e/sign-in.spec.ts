import { expect, test } from '@playwright/test';
import { latestCode, mailCount } from './support/mailbox.ts';
import { hourlyTimerSet, watchHourlyTimer } from './support/hourly-timer.ts';
import { ADULT_BIRTHDAY, freshEmail, signInOnboarded, signInThroughUi } from './support/sign-in.ts';

import { BASE_URL as BASE } from './support/ports.ts';

test.describe('signing in with an e-mailed code', () => {
  test('a new supporter signs in with nothing but an e-mail address, and the session is HttpOnly', async ({ page, context }) => {
    const email = freshEmail('newfan');
    await signInThroughUi(page, email);
    // A new user with no membership yet: /dashboard sends them on to choose one.
    await expect(page).toHaveURL(/\/choose-your-membership$/);
    const session = (await context.cookies()).find((c) => c.name === 'terrace_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(await page.evaluate(() => document.cookie)).not.toContain('terrace_session');
  });

  test('a visitor who was on the way somewhere lands there after signing in', async ({ page }) => {
    await page.goto('/history');
    await expect(page).toHaveURL(/\/$/);
    await signInThroughUi(page, freshEmail('returning'));
    await expect(page).toHaveURL(/\/history$/);
  });

  test('a wrong code is refused beside the field, and the form stays usable', async ({ page }) => {
    const email = freshEmail('typo');
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    const code = await latestCode(page.request, email, BASE);
    await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code is not right. 4 tries left.');
    await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/choose-your-membership$/);
  });

  test('an unknown address still gets 202 and a code; a bad address gets a clear message', async ({ page, request }) => {
    const email = freshEmail('stranger');
    const before = await mailCount(request, email, BASE);
    const res = await request.post('/api/session/email', {
      headers: { Authorization: 'Bearer pk_demo_terrace' }, data: { email },
    });
    expect(res.status()).toBe(202);
    await latestCode(request, email, BASE, before);
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill('not an address');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter a valid e-mail address.');
  });

  test('the sign-in works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInThroughUi(page, freshEmail('nojs'));
    await expect(page).toHaveURL(/\/choose-your-membership$/);
    await context.close();
  });
});

test.describe('a signed-in supporter', () => {
  test('signing out ends the session on the server: the old token answers 401', async ({ page, context, request }) => {
    await signInThroughUi(page, freshEmail('leaver'));
    const token = (await context.cookies()).find((c) => c.name === 'terrace_session')!.value;
    expect((await request.get('/api/user/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
    const out = await page.request.post('/logout', { maxRedirects: 0 });
    expect(out.status()).toBe(303);
    expect((await context.cookies()).find((c) => c.name === 'terrace_session')).toBeUndefined();
    expect((await request.get('/api/user/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
  });

  test("pages made for a supporter are never stored: after signing out, Back does not show them", async ({ page }) => {
    await signInOnboarded(page, 'shared-phone');
    const profile = await page.goto('/profile');
    expect(profile?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    // Fetched again rather than shown from memory: the guard sends the signed-out visitor home.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    // Public pages for visitors stay cacheable.
    expect((await page.request.get('/about')).headers()['cache-control'] ?? '').not.toContain('no-store');
  });

  test('a cross-origin POST with a valid session cookie is refused; the same POST from the page works', async ({ page }) => {
    await signInThroughUi(page, freshEmail('csrf'));
    const forged = await page.request.post('/api/user/me/welcome', { headers: { Origin: 'https://evil.example' } });
    expect(forged.status()).toBe(403);
    const fromPage = await page.evaluate(async () => (await fetch('/api/user/me/welcome', { method: 'POST' })).status);
    expect(fromPage).toBe(201);
  });

  test('an under-18 supporter is kept from /welcome and /profile/edit, and sees no points', async ({ page }) => {
    await signInThroughUi(page, freshEmail('junior'));
    const call = (method: string, path: string, body: unknown) => page.evaluate(async ([m, p, b]) =>
      (await fetch(p as string, { method: m as string, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) })).status,
    [method, path, body] as const);
    expect(await call('POST', '/api/membership/choose', { membership: 'entry' })).toBe(200);
    await page.goto('/dashboard');
    // A supporter who has chosen a membership goes on to /welcome (also before giving a birthday), and an adult
    // sees their points once there.
    await expect(page).toHaveURL(/\/welcome$/);
    expect(await call('PATCH', '/api/user/me', { birthday: ADULT_BIRTHDAY })).toBe(201);
    await page.goto('/profile');
    await expect(page.getByText('0 points').first()).toBeAttached();

    expect(await call('PATCH', '/api/user/me', { birthday: `${new Date().getFullYear() - 15}-06-15` })).toBe(201);
    for (const path of ['/welcome', '/profile/edit']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/dashboard$/);
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('0 points')).toHaveCount(0);
    await page.goto('/profile');
    await expect(page.getByText('0 points')).toHaveCount(0);
  });

  test('the current user is refreshed every 60 minutes on an open page', async ({ page }) => {
    await signInThroughUi(page, freshEmail('idle'));
    await page.clock.install();
    await watchHourlyTimer(page);
    await page.goto('/dev/gallery');
    await hourlyTimerSet(page);
    let refreshes = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/me') && r.method() === 'GET') refreshes += 1;
    });
    await page.clock.runFor(59 * 60 * 1000);
    expect(refreshes).toBe(0);
    const refreshed = page.waitForRequest((r) => r.url().endsWith('/api/user/me') && r.method() === 'GET');
    await page.clock.runFor(60 * 1000 + 5_000);
    expect((await (await refreshed).response())?.status()).toBe(200);
    expect(refreshes).toBe(1);
  });
});
