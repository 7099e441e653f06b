import { expect, test } from '@playwright/test';
import { signInAsStaff } from './support/operator.ts';
import { freshEmail, onboard, signInThroughApi } from './support/sign-in.ts';

// An editor made with the command line signs in to the console, creates a poll in English and Spanish
// scheduled later (a supporter does not see it), previews it, brings its start forward, and a supporter then
// sees it in both languages and answers it. Every step through the pages, without JavaScript where a form is.

/** A wall-clock time for a datetime-local field in the club's zone, `minutes` from now (read from the page's own default). */
function shifted(local: string, minutes: number): string {
  const [date, time] = local.split('T') as [string, string];
  const t = new Date(`${date}T${time}:00Z`).getTime() + minutes * 60_000;
  return new Date(t).toISOString().slice(0, 16);
}

test.describe('challenges made in the console', () => {
  test.use({ javaScriptEnabled: false });

  test('an editor creates a poll in English and Spanish, and a supporter sees it in both at its time', async ({ page, browser }) => {
    // Two people, many pages, each rendered afresh on a shared machine.
    test.setTimeout(120_000);
    await signInAsStaff(page, 'editor');

    await page.goto('/admin/challenges');
    await page.getByRole('link', { name: 'Poll', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New challenge: Poll');
    const title = `Man of the match ${Date.now()}`;
    await page.getByLabel('Title (English)').fill(title);
    await page.getByLabel('Title (Spanish)').fill(`Jugador del partido ${title.slice(-6)}`);
    await page.getByLabel('Description (English)').fill('Who was the best?');
    await page.getByLabel('Description (Spanish)').fill('¿Quién fue el mejor?');
    await page.getByLabel('Option 1 (English)').fill('Rhys');
    await page.getByLabel('Option 1 (Spanish)').fill('Rhys (ES)');
    await page.getByLabel('Option 2 (English)').fill('Tomás');
    // One more row, posted back without JavaScript, keeps what was written.
    await page.getByRole('button', { name: 'Add another option' }).click();
    await expect(page.getByLabel('Option 4 (English)')).toBeVisible();
    await expect(page.getByLabel('Title (English)')).toHaveValue(title);
    await page.getByLabel('Option 3 (English)').fill('Ayo');
    await page.getByLabel('Option 3 (Spanish)').fill('Ayo (ES)');
    const now = await page.getByLabel('Shows from').inputValue();
    await page.getByLabel('Shows from').fill(shifted(now, 60));
    await page.getByRole('button', { name: 'Save and publish' }).click();

    await expect(page).toHaveURL(/\/admin\/challenges\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;
    await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'scheduled');
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(page.getByText('challenge.create')).toBeVisible();

    // The previews: Spanish as a minor, English as an adult.
    await page.getByRole('link', { name: 'Spanish · under 18' }).click();
    await expect(page.locator('[data-preview]')).toHaveAttribute('data-preview', 'es-minor');
    await expect(page.locator('[data-preview-page]')).toContainText(`Jugador del partido ${title.slice(-6)}`);
    await expect(page.locator('[data-preview-page]')).toContainText('Ayo (ES)');
    await page.goto(`/admin/challenges/${id}/preview?locale=en&age=adult`);
    await expect(page.locator('[data-preview-page]')).toContainText(title);
    await expect(page.locator('[data-preview-page]')).toContainText('Tomás');

    // A supporter does not see it before its start.
    const fan = await browser.newContext({ javaScriptEnabled: false });
    await signInThroughApi(fan, freshEmail('fan'));
    await onboard(fan.request);
    const fanPage = await fan.newPage();
    expect((await fanPage.goto(`/challenges/polls/${id}`))!.status()).toBe(404);

    // The editor brings the start forward: it shows at once.
    await page.goto(`/admin/challenges/${id}`);
    await page.getByLabel('Shows from').fill(shifted(now, -5));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'live');
    await expect(page.getByText('challenge.update')).toBeVisible();

    await fanPage.goto(`/challenges/polls/${id}`);
    await expect(fanPage.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(fanPage.getByRole('button', { name: 'Ayo' })).toBeVisible();
    const spanish = await browser.newContext({ javaScriptEnabled: false, locale: 'es-ES', storageState: await fan.storageState() });
    const esPage = await spanish.newPage();
    await esPage.goto(`/challenges/polls/${id}`);
    await expect(esPage.getByRole('heading', { level: 1 })).toHaveText(`Jugador del partido ${title.slice(-6)}`);
    await expect(esPage.getByRole('button', { name: 'Rhys (ES)' })).toBeVisible();
    // Tomás has no Spanish label: the English one shows.
    await expect(esPage.getByRole('button', { name: 'Tomás' })).toBeVisible();
    await esPage.getByRole('button', { name: 'Rhys (ES)' }).click();
    await expect(esPage).toHaveURL(/#answer$/);
    await expect(esPage.getByRole('main')).toContainText('Rhys (ES)');
    await expect(esPage.getByRole('main').getByRole('button', { name: 'Rhys (ES)' })).toHaveCount(0);
    await spanish.close();
    await fan.close();
  });

  test('a refused save names the field and keeps what was written', async ({ page }) => {
    await signInAsStaff(page, 'editor');
    await page.goto('/admin/challenges/new?subtype=pickem');
    await page.getByLabel('Title (English)').fill('Derby pick');
    await page.getByLabel('Option 1 (English)').fill('Win');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    const problems = page.locator('#form-problems');
    await expect(problems).toContainText('Options: Give at least two options');
    await expect(problems).toContainText('Give the kick-off time: picks close then.');
    await expect(page.getByLabel('Title (English)')).toHaveValue('Derby pick');
  });
  test("an editor makes a pick'em, sets its result from the console, and the right pick is paid once", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signInAsStaff(page, 'editor');
    await page.goto('/admin/challenges/new?subtype=pickem');
    const title = `Cup tie ${Date.now()}`;
    await page.getByLabel('Title (English)').fill(title);
    for (const [n, label, points] of [[1, 'Home', '30'], [2, 'Draw', '20'], [3, 'Away', '40']] as const) {
      await page.getByLabel(`Option ${n} (English)`).fill(label);
      await page.getByLabel('Points', { exact: true }).nth(n - 1).fill(points);
    }
    const now = await page.getByLabel('Shows from').inputValue();
    await page.getByLabel('Kick-off (picks close)').fill(shifted(now, 60));
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'live');
    const id = page.url().split('/').at(-1)!;

    const fan = await browser.newContext({ javaScriptEnabled: false });
    await signInThroughApi(fan, freshEmail('picker'));
    await onboard(fan.request);
    const points = async () => ((await (await fan.request.get('/api/user/me/points')).json()) as { data: { points: number } }).data.points;
    const before = await points();
    const fanPage = await fan.newPage();
    await fanPage.goto(`/challenges/pickems/${id}`);
    await fanPage.getByRole('main').getByRole('button', { name: /^Away / }).click();
    await expect(fanPage.getByRole('main')).toContainText('Your pick: Away.');

    await page.goto(`/admin/challenges/${id}`);
    await page.getByLabel('Winning option').selectOption({ label: 'Away' });
    await page.getByRole('button', { name: 'Set the result' }).click();
    await expect(page.getByRole('main')).toContainText('Result: Away.');
    await expect(page.getByText('challenge.outcome')).toBeVisible();
    expect(await points()).toBe(before + 40);
    // Set again through the API: nothing more is paid.
    const token = (await page.context().cookies()).find((c) => c.name === 'terrace_console')!.value;
    const again = await page.request.post(`/api/admin/challenges/${id}/outcome`, { headers: { Authorization: `Bearer ${token}` }, data: { responseIndex: 2 } });
    expect(((await again.json()) as { data: { awarded: number } }).data.awarded).toBe(0);
    expect(await points()).toBe(before + 40);
    await fan.close();
  });
});
