import { expect, test, type Page } from '@playwright/test';
import { appUrl } from './support/database.ts';
import { signInAsStaff } from './support/operator.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 25, the club's numbers: a supporter checks in, and the reports page counts it today, in the chart
// (drawn on the server) and in the table under it; with JavaScript and without.

/** Today's check-ins as the page shows them: the table's cell and the figure written on the chart's bar. */
async function todaysCheckins(page: Page, today: string) {
  await page.goto(`/admin/reports/checkins?from=${today}&to=${today}`);
  const section = page.locator('section[data-report="checkins"]');
  const cell = section.getByRole('table').getByRole('row').nth(1).getByRole('cell').nth(1);
  const figure = Number((await cell.textContent())?.replace(/\D/g, ''));
  return { section, cell, figure };
}

for (const javaScriptEnabled of [true, false]) {
  test(`a supporter's check-in shows in today's chart and table (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: appUrl(), javaScriptEnabled });
    const page = await context.newPage();
    await signInAsStaff(page, 'owner', '/admin/reports');
    await expect(page.getByRole('heading', { name: 'The club’s numbers', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Reports' }).first()).toHaveAttribute('aria-current', 'page');
    const today = await page.getByLabel('To', { exact: true }).inputValue();

    const before = (await todaysCheckins(page, today)).figure;

    const fan = await browser.newContext({ baseURL: appUrl() });
    const fanPage = await fan.newPage();
    await signInOnboarded(fanPage, 'reports-checkin');
    expect((await fanPage.request.post('/api/checkin')).status()).toBe(200);
    await fan.close();

    const { section, cell, figure } = await todaysCheckins(page, today);
    expect(figure).toBe(before + 1);
    const chart = section.locator('figure[data-chart] svg[role="img"]').filter({ visible: true });
    await expect(chart).toHaveAttribute('aria-label', /Check-ins per day/);
    // The figure written over today's bar.
    await expect(chart.locator('g.bar-value text')).toHaveText(String(before + 1));
    await expect(cell).toHaveText(String(before + 1));

    const download = await page.request.get(`/admin/reports/checkins.csv?from=${today}&to=${today}`);
    expect(download.headers()['content-type']).toContain('text/csv');
    expect(await download.text()).toBe(`day,checkins\r\n${today},${before + 1}\r\n`);
    await context.close();
  });
}

test('the reports page reads in Spanish', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: appUrl(), javaScriptEnabled: false });
  await context.addCookies([{ name: 'terrace_lang', value: 'es', url: appUrl() }]);
  const page = await context.newPage();
  await signInAsStaff(page, 'support', '/admin/reports');
  await expect(page.getByRole('heading', { name: 'Las cifras del club', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check-ins por día', level: 2 })).toBeVisible();
  await context.close();
});

test('the reports pages have no serious or critical accessibility violation', async ({ page }) => {
  await signInAsStaff(page, 'editor', '/admin/reports');
  for (const path of ['/admin/reports', '/admin/reports/points', '/admin/reports/retention']) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
