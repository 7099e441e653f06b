import { expect, test, type Browser, type Page } from '@playwright/test';
import { appUrl } from './support/database.ts';
import { signInAsStaff } from './support/operator.ts';
import { freshEmail, onboard, signInThroughApi } from './support/sign-in.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 25, putting a balance right: support credits a supporter with a reason in English and Spanish, and the
// supporter reads it in their history in Spanish; an adjustment over support's limit waits for the owner, who
// approves it (plain forms: without JavaScript too).

/** A supporter of the console's server, signed in in a browser of their own; answers their page and id. */
async function supporter(browser: Browser, name: string) {
  const email = freshEmail(name);
  const context = await browser.newContext({ baseURL: appUrl() });
  await signInThroughApi(context, email);
  await onboard(context.request);
  const { data } = await (await context.request.get('/api/user/me')).json() as { data: { userId: string } };
  const points = async () => ((await (await context.request.get('/api/user/me/points')).json()) as { data: { points: number } }).data.points;
  return { email, context, page: await context.newPage(), userId: data.userId, points };
}

/** The adjustment form on the supporter's page. */
const adjustForm = (page: Page) => page.getByRole('region', { name: 'Put the balance right' });

/** From the queue to the supporter's page, found by the first letters of their address, where the form is. */
async function openForm(page: Page, email: string) {
  await page.goto('/admin/adjustments');
  await page.getByRole('link', { name: 'Adjust a balance' }).click();
  await page.getByLabel('E-mail, name or id').fill(email.slice(0, email.indexOf('@') - 1));
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { name: 'Put the balance right' })).toBeVisible();
}

test('support credits 50 points with a reason; the supporter reads it in Spanish in their history', async ({ page, browser }) => {
  test.slow();
  const fan = await supporter(browser, 'adjusted');
  await signInAsStaff(page, 'support', '/admin/adjustments');
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Adjustments' })).toBeVisible();

  await openForm(page, fan.email);
  expect(await seriousViolations(page)).toEqual([]);
  await adjustForm(page).getByLabel('Points').fill('50');
  await adjustForm(page).getByLabel('Reason in English (the supporter reads it)').fill('Match-day check-in the app missed');
  await adjustForm(page).getByLabel('Reason in Spanish (optional)').fill('Visita del día de partido que la app no registró');
  await adjustForm(page).getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Adjustment applied: the balance is now 50.')).toBeVisible();
  expect(await fan.points()).toBe(50);
  await page.goto('/admin/adjustments?status=applied');
  await expect(page.getByRole('row').filter({ hasText: fan.email })).toContainText('Applied at once');
  expect(await seriousViolations(page)).toEqual([]);

  await fan.context.addCookies([{ name: 'terrace_lang', value: 'es', url: appUrl() }]);
  await fan.page.goto('/history');
  const row = fan.page.getByRole('row').filter({ hasText: 'Ajustado por el club' });
  await expect(row.getByRole('rowheader')).toContainText('Ajustado por el club: Visita del día de partido que la app no registró');
  await expect(row.getByRole('cell').first()).toContainText('+50');
  await fan.context.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("an adjustment over support's limit waits for the owner, who approves it", async ({ page, browser }) => {
    test.slow();
    const fan = await supporter(browser, 'waiting');
    await signInAsStaff(page, 'support', '/admin/adjustments');
    await openForm(page, fan.email);
    await adjustForm(page).getByLabel('Points').fill('150');
    await adjustForm(page).getByLabel('Reason in English (the supporter reads it)').fill('Season-ticket welcome bonus');
    await adjustForm(page).getByRole('button', { name: 'Apply' }).click();
    expect(await fan.points()).toBe(0);

    // Support sees it wait, with no way to decide it.
    await page.goto('/admin/adjustments');
    const waiting = page.getByRole('row').filter({ hasText: fan.email });
    await expect(waiting).toContainText('Season-ticket welcome bonus');
    await expect(waiting).toContainText('+150');
    await expect(waiting.getByRole('button')).toHaveCount(0);

    const desk = await browser.newContext({ baseURL: appUrl(), javaScriptEnabled: false });
    const ownerPage = await desk.newPage();
    const owner = await signInAsStaff(ownerPage, 'owner', '/admin/adjustments');
    await ownerPage.getByRole('button', { name: `Approve +150 for ${fan.email}` }).click();
    await expect(ownerPage.getByRole('row').filter({ hasText: fan.email })).toHaveCount(0);
    expect(await fan.points()).toBe(150);
    await ownerPage.goto('/admin/adjustments?status=applied');
    const applied = ownerPage.getByRole('row').filter({ hasText: fan.email });
    await expect(applied).toContainText(owner);
    await ownerPage.goto(`/admin/audit?actor=${encodeURIComponent(owner)}`);
    await expect(ownerPage.getByRole('row').filter({ hasText: 'adjustment.approve' })).toBeVisible();
    await desk.close();
    await fan.context.close();
  });
});
