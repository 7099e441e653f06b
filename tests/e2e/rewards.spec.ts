import { expect, test } from '@playwright/test';
import { daysAgo, runSql } from './support/database.ts';
import { freshEmail, signIn, signInThroughUi } from './support/sign-in.ts';

test.describe('referrals', () => {
  test('shows the link, copies it where Web Share is missing, and counts a friend who joins through it', async ({ browser, baseURL }) => {
    const options = baseURL ? { baseURL } : {};
    const referrer = await browser.newContext(options);
    await referrer.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Desktop Chromium may or may not have Web Share: take it away so the copy path is the one tested.
    await referrer.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    const page = await referrer.newPage();
    await signIn(page, freshEmail('referrer'));
    await page.goto('/referral');
    await expect(page.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
    const link = (await page.getByTestId('referral-link').textContent())?.trim() ?? '';
    expect(link).toMatch(/\/login\?ref=[A-Z2-9]{8}$/);
    await expect(page.getByTestId('referral-count')).toContainText('0 friends have joined');

    const copy = page.getByRole('button', { name: 'Copy my link' });
    await expect(copy).toBeEnabled();
    await copy.click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // A friend opens the link in their own browser and signs up.
    const friend = await browser.newContext(options);
    const friendPage = await friend.newPage();
    await friendPage.goto(new URL(link).pathname + new URL(link).search);
    await signInThroughUi(friendPage, freshEmail('friend'));

    await page.reload();
    await expect(page.getByTestId('referral-count')).toContainText('1 friend has joined');
    await expect(page.getByText('0 friends have become active so far.')).toBeVisible();

    // The friend completes the profile and checks in: one day of activity earns the referrer nothing yet.
    const orgKey = await friendPage.locator('html').getAttribute('data-org-key');
    const asFriend = { Authorization: `Bearer ${orgKey}`, 'Content-Type': 'application/json' };
    const saved = await friendPage.request.patch('/api/user/me', { headers: asFriend, data: { firstName: 'Bea', lastName: 'Costa' } });
    expect(saved.status()).toBe(201);
    expect((await friendPage.request.post('/api/checkin', { headers: asFriend })).status()).toBe(200);
    const me = await (await friendPage.request.get('/api/user/me', { headers: asFriend })).json();
    await page.reload();
    await expect(page.getByText('0 friends have become active so far.')).toBeVisible();

    // A day later (the check-in moved back a day) the friend answers a challenge: now active, the referrer earns.
    runSql('update ledger_entries set created_at = ? where user_id = ?', daysAgo(1), me.data.userId);
    const { data: polls } = await (await friendPage.request.get('/api/challenge/type/poll', { headers: asFriend })).json();
    const open = polls.find((c: { completed: boolean }) => !c.completed);
    const voted = await friendPage.request.post(`/api/challenge/${open.challengeId}`, { headers: asFriend, data: { poll: { responseIndex: 0 } } });
    expect(voted.status()).toBe(200);
    await page.reload();
    await expect(page.getByText('1 friend has become active so far.')).toBeVisible();
    await page.goto('/history');
    await expect(page.getByRole('main')).toContainText('Referral');
    await friend.close();
    await referrer.close();
  });
});

test.describe('the birthday bonus', () => {
  test('on the birthday the modal opens with the bonus once; closing it keeps it closed', async ({ page }) => {
    await signInThroughUi(page, freshEmail('birthday'));
    // The demo organization's time zone decides which day it is.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const orgKey = await page.locator('html').getAttribute('data-org-key');
    const saved = await page.request.patch('/api/user/me', {
      headers: { Authorization: `Bearer ${orgKey}`, 'Content-Type': 'application/json' },
      data: { firstName: 'Ana', lastName: 'Silva', birthday: `1990-${today.slice(5)}` },
    });
    expect(saved.status()).toBe(201);

    // A birthday set today earns nothing: the bonus is for a birthday on the profile for 30 days.
    await page.goto('/dashboard');
    await page.waitForLoadState('load');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const me = await (await page.request.get('/api/user/me', { headers: { Authorization: `Bearer ${orgKey}` } })).json();
    expect(me.data.points).toBe(0);
    expect(me.data.properties.birthdayBonusPoints).toBe(0);
    // Thirty days pass: an edit outside the API raises the page version itself, as an operator's must
    // (src/server/http/kept-pages/), or the dashboard made a moment ago is served again.
    runSql('update users set birthday_set_at = ?, page_version = page_version + 1 where id = ?', daysAgo(31), me.data.userId);

    await page.goto('/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Happy Birthday Ana' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('50 points');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await expect.poll(async () => {
      await page.goto('/dashboard');
      return page.getByRole('dialog').count();
    }).toBe(0);
    await page.goto('/history');
    await expect(page.getByRole('main')).toContainText('Birthday bonus');
  });
});
