import { expect, test } from '@playwright/test';
import { isoToZoned } from '../../src/features/admin-club/fields.ts';
import { appUrl, runSql } from './support/database.ts';
import { signInAsStaff } from './support/operator.ts';
import { freshEmail, onboard, signInThroughApi } from './support/sign-in.ts';

// The club's console, end to end against the built server: an owner made by the CLI makes a sweepstake in
// English and Spanish, previews it, publishes it, a supporter enters, and the owner draws it once its end
// has passed (moved into the past in the server's database: no waiting). An editor is refused the settings
// and the draw.

const ZONE = 'Europe/London';

test('the owner makes a sweepstake in two languages, previews and publishes it, and draws it once it has ended', async ({ page, browser }) => {
  // A whole match day's worth of pages: two sign-ins, the form, the preview, publish, an entry, the draw.
  test.setTimeout(120_000);
  await signInAsStaff(page, 'owner');
  await page.getByRole('link', { name: 'Sweepstakes' }).first().click();
  await page.getByRole('link', { name: 'New sweepstake' }).click();
  const slug = `e2e-draw-${Date.now()}`;
  const fields: Record<string, string> = {
    slug, title: 'Signed match ball', 'es.title': 'Balón firmado', description: 'The ball from the derby, signed.', prize: 'a signed ball',
    'es.prize': 'un balón firmado', prizeValue: '80', currency: 'GBP', sponsor: 'Kit Partner', costPerEntry: '10', maxEntriesPerSupporter: '3',
    winnerCount: '1', startsAt: isoToZoned(new Date(Date.now() - 3_600_000).toISOString(), ZONE), endsAt: isoToZoned(new Date(Date.now() + 86_400_000).toISOString(), ZONE),
    rules: 'One ball per household.',
  };
  for (const [name, value] of Object.entries(fields)) await page.locator(`main [name="${name}"]`).fill(value);
  await page.getByRole('button', { name: 'Save the sweepstake as a draft' }).click();
  await expect(page).toHaveURL(/\/admin\/sweepstakes\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByTestId('item-status')).toHaveText('Draft');

  // The preview, as an under-18 supporter reading Spanish sees it.
  await page.getByRole('link', { name: 'Spanish, under 18' }).click();
  await expect(page.getByTestId('preview')).toContainText('Balón firmado');
  await page.getByRole('link', { name: /Volver al editor/ }).click();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('item-status')).toHaveText('Live');

  // A supporter enters for free.
  const fan = await browser.newContext();
  await signInThroughApi(fan, freshEmail('club-fan'));
  await onboard(fan.request);
  expect((await fan.request.post(`/api/sweepstake/${id}/free-entry`)).status()).toBe(200);

  // Entries close: the end moved into the past in the server's database.
  runSql('UPDATE sweepstakes SET ends_at = ? WHERE id = ?', new Date(Date.now() - 1000).toISOString(), id);
  await page.reload();
  await page.getByRole('button', { name: 'Draw the winners' }).click();
  await expect(page.getByTestId('draw-record')).toContainText('Seed');
  await expect(page.getByTestId('draw-record').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('item-status')).toHaveText('Ended');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('sweepstake.draw');

  // The public record on the supporters' page.
  const publicPage = await fan.newPage();
  await publicPage.goto(`/sweepstakes/${slug}`);
  await expect(publicPage.locator('main')).toContainText('Signed match ball');
  await fan.close();
});

test('an editor is refused the settings and the draw', async ({ page }) => {
  await signInAsStaff(page, 'editor');
  await expect(page.getByRole('link', { name: 'Club settings' })).toHaveCount(0);
  const settings = await page.goto('/admin/settings');
  expect(settings?.status()).toBe(403);
  const api = await page.request.get('/api/admin/settings');
  expect([401, 403]).toContain(api.status());
  await page.goto('/admin/sweepstakes?status=live');
  await expect(page.getByRole('heading', { name: 'Sweepstakes', level: 1 })).toBeVisible();
  await page.locator('tbody a').first().click();
  await expect(page.getByText('Only an owner of the club can draw or cancel a sweepstake.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Draw the winners' })).toHaveCount(0);
});

test('the previews and the poster show what a supporter would: tier names, and the public address under the QR code', async ({ page }) => {
  await signInAsStaff(page, 'editor');
  // An experience for two tiers, previewed in Spanish: the tiers by their names, never their slugs.
  await page.goto('/admin/experiences');
  await page.locator('tbody a', { hasText: 'Meet the players' }).click();
  await page.getByRole('link', { name: 'Spanish, adult' }).click();
  await expect(page.getByTestId('preview')).toContainText('Para socios Abonado u Oro');

  // The poster, asked for under another host name (as a proxy in front may pass it on): the address printed
  // under the code is the site's public one, the one the code holds.
  await page.goto('/admin/activations');
  await page.locator('tbody a', { hasText: 'Matchday: Terrace FC v Millbank Rovers' }).click();
  const poster = await page.request.get(`${page.url()}/poster`, { headers: { host: 'elsewhere.test' } });
  expect(poster.status()).toBe(200);
  const html = await poster.text();
  expect(html).toContain(`${appUrl()}/a/matchday-millbank`);
  expect(html).not.toContain('elsewhere.test');
});

test('the owner writes the about page in Spanish beside the English, without JavaScript; Spanish visitors read it at once', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAsStaff(page, 'owner', '/admin/settings');
  const english = page.getByRole('textbox', { name: 'About page (Markdown) (English)' });
  const spanish = page.getByRole('textbox', { name: 'About page (Markdown) (Spanish)' });
  await expect(english).toHaveValue(/^## Who we are/);
  await expect(spanish).toHaveValue(/^## Quiénes somos/);
  await expect(spanish).toHaveAttribute('lang', 'es');

  // Read in both languages before the change (the server keeps what pages read of the club for a minute).
  const aboutIn = async (language: string, heading: string) => {
    const visitor = await browser.newContext({ locale: language });
    const about = await visitor.newPage();
    await about.goto(new URL('/about', appUrl()).href);
    await expect(about.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await visitor.close();
  };
  await aboutIn('es', 'Quiénes somos');
  await aboutIn('en', 'Who we are');

  const story = '## Nuestra historia\n\nUn club del río desde 1898.';
  await spanish.fill(story);
  await page.getByRole('button', { name: 'Save the settings' }).click();
  // Without script the flash shows in the page's <noscript> (which Playwright's text and role queries skip).
  await expect(page.locator('main [role="status"]')).toHaveText('Settings saved: supporters see them now.');
  await expect(spanish).toHaveValue(story);
  await expect(english).toHaveValue(/^## Who we are/);

  await aboutIn('es', 'Nuestra historia');
  await aboutIn('en', 'Who we are');
  // Left as the demo club wrote it, for whoever reads it next.
  await page.goto('/admin/settings');
  await spanish.fill((await import('../../src/server/organization/demo.ts')).DEMO_ABOUT_MARKDOWN_ES);
  await page.getByRole('button', { name: 'Save the settings' }).click();
  // Without script the flash shows in the page's <noscript> (which Playwright's text and role queries skip).
  await expect(page.locator('main [role="status"]')).toHaveText('Settings saved: supporters see them now.');
  await context.close();
});
