import { expect, test, type Page } from '@playwright/test';
import { appUrl } from './support/database.ts';
import { signInAsStaff } from './support/operator.ts';
import { latestCode, mailCount } from './support/mailbox.ts';
import { signInOnboarded, signInThroughUi } from './support/sign-in.ts';

// Issue 25, point 3: support blocks a supporter from the console. The supporter, signed in in a browser of
// their own, is signed out on their next page; signing in again (a right code) says the account is blocked and
// how to reach the club. Unblocked, they sign in again and their points are all there.

/** The supporter's balance as their dashboard shows it. */
const pointsOn = (page: Page) => page.getByRole('region', { name: 'Your points' });

/** Signs in on /login as a supporter does, up to sending the right code (what follows is the test's). */
async function sendRightCode(page: Page, email: string): Promise<void> {
  const before = await mailCount(page.request, email, appUrl());
  await page.goto('/login');
  await page.locator('form:has(input[name="email"]) input[name="email"]').fill(email);
  await page.locator('form:has(input[name="email"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login\/verify-email/);
  await page.locator('input[name="code"]').fill(await latestCode(page.request, email, appUrl(), before));
  await page.locator('form:has(input[name="code"]) button[type="submit"]').click();
}

/** The supporter signed in on this page: their id and address. */
async function whoIs(page: Page): Promise<{ userId: string; email: string }> {
  return ((await (await page.request.get('/api/user/me')).json()) as { data: { userId: string; email: string } }).data;
}

for (const javaScriptEnabled of [true, false]) {
  test(`support blocks a signed-in supporter, who is told why at sign-in, and unblocks them (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({ browser }) => {
    test.slow();
    // The supporter's own browser (without JavaScript in one run too): signed in, they check in for 10 points.
    const fanContext = await browser.newContext({ baseURL: appUrl(), javaScriptEnabled });
    const fan = await fanContext.newPage();
    await signInOnboarded(fan, 'blocked');
    const me = await whoIs(fan);
    await fan.goto('/dashboard');
    await fan.getByRole('region', { name: 'Daily check-in' }).getByRole('button', { name: 'Check in' }).click();
    await expect(fan.getByRole('region', { name: 'Daily check-in' })).toContainText('1 day in a row');
    await fan.reload();
    await expect(pointsOn(fan)).toContainText('10');

    // Support, in the console (without JavaScript in one run: plain forms).
    const supportContext = await browser.newContext({ baseURL: appUrl(), javaScriptEnabled });
    const staffPage = await supportContext.newPage();
    const here = `/admin/members/${me.userId}`;
    await signInAsStaff(staffPage, 'support', here);
    await expect(staffPage.getByText('Not blocked: this supporter can sign in, earn, spend and enter.')).toBeVisible();
    await staffPage.getByRole('button', { name: 'Block supporter' }).click();
    await expect(staffPage.getByRole('alert').filter({ hasText: 'Write why you are blocking this supporter.' })).toBeVisible();
    await staffPage.getByLabel('Reason for blocking').fill('Selling sweepstake prizes');
    await staffPage.getByRole('button', { name: 'Block supporter' }).click();
    await expect(staffPage.getByTestId('block-state')).toContainText('Blocked since');
    await expect(staffPage.getByTestId('block-state')).toContainText('Reason: Selling sweepstake prizes');

    // The supporter's next page: signed out. Signing in again, with the right code, says why.
    await fan.goto('/profile');
    await expect(fan).toHaveURL(new URL('/', appUrl()).href);
    expect((await fan.request.get('/api/user/me')).status()).toBe(401);
    await fanContext.clearCookies();
    await sendRightCode(fan, me.email);
    await expect(fan.getByRole('heading', { name: 'This account is blocked' })).toBeVisible();
    await expect(fan.getByRole('link', { name: 'How to contact the club' })).toHaveAttribute('href', '/about');
    await expect(fan.getByRole('alert')).toContainText('Terrace FC has blocked this account, so it cannot sign in. To find out why or to ask for it back, contact the club');

    // Unblocked: they sign in again, with their 10 points.
    await staffPage.getByRole('button', { name: 'Unblock supporter' }).click();
    await expect(staffPage.getByTestId('block-state')).toHaveText('Not blocked: this supporter can sign in, earn, spend and enter.');
    await signInThroughUi(fan, me.email);
    await fan.goto('/dashboard');
    await expect(pointsOn(fan)).toContainText('10');

    // Sign out everywhere: the next page is signed out again.
    await staffPage.getByRole('button', { name: 'Sign out everywhere' }).click();
    // The toast needs script; without it the page itself is the answer (the form is back, unchanged).
    if (javaScriptEnabled) await expect(staffPage.getByText('Signed out everywhere: 1 session ended.')).toBeVisible();
    else await expect(staffPage).toHaveURL(new URL(here, appUrl()).href);
    await fan.goto('/profile');
    await expect(fan).toHaveURL(new URL('/', appUrl()).href);
    expect((await fan.request.get('/api/user/me')).status()).toBe(401);
    await fanContext.close();
    await supportContext.close();
  });
}

test('the blocked message is in Spanish for a supporter reading Spanish', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: appUrl() });
  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: appUrl() }]);
  const fan = await context.newPage();
  await signInOnboarded(fan, 'bloqueado');
  const me = await whoIs(fan);
  const consoleContext = await browser.newContext({ baseURL: appUrl() });
  const consolePage = await consoleContext.newPage();
  await signInAsStaff(consolePage, 'owner', `/admin/members/${me.userId}`);
  await consolePage.getByLabel('Reason for blocking').fill('Cuenta compartida');
  await consolePage.getByRole('button', { name: 'Block supporter' }).click();
  await expect(consolePage.getByTestId('block-state')).toContainText('Blocked since');
  await context.clearCookies();
  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: appUrl() }]);
  await sendRightCode(fan, me.email);
  await expect(fan.getByRole('heading', { name: 'Esta cuenta está bloqueada' })).toBeVisible();
  await expect(fan.getByRole('alert')).toContainText('Terrace FC ha bloqueado esta cuenta, así que no puede entrar.');
  await context.close();
  await consoleContext.close();
});
