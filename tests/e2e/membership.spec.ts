import { expect, test, type Page } from '@playwright/test';
import { freshEmail, signInThroughUi as signIn } from './support/sign-in.ts';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A new supporter through the whole first visit, keeping the default (entry). */
async function onboard(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/choose-your-membership$/);
  await page.getByRole('button', { name: 'Choose Entry' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('button', { name: 'Let’s go' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('a new supporter, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('chooses a free membership, is welcomed, stays on the dashboard, and goes straight there next time', async ({ page, context }) => {
    const email = freshEmail('new');
    await signIn(page, email);
    // Signed in: /dashboard sends a new supporter to choose a membership first.
    await expect(page).toHaveURL(/\/choose-your-membership$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/choose-your-membership$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your membership' })).toBeVisible();
    for (const name of ['Entry', 'Supporter', 'Gold']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByRole('list', { name: 'Gold perks' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByText('£4.99 a month')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Choose Supporter' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { name: 'How to earn points' })).toBeVisible();
    for (const way of ['Check in every day', 'Answer challenges', 'Watch videos']) await expect(page.getByText(way)).toBeVisible();
    const ranks = page.getByRole('heading', { name: 'Climb the ranks' }).locator('xpath=..').getByRole('listitem');
    await expect(ranks).toHaveCount(10);
    await expect(ranks.first()).toContainText('P10');
    await expect(ranks.last()).toContainText('P1');

    await page.getByRole('button', { name: 'Let’s go' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    expect(pathOf(page)).toBe('/dashboard');

    await page.goto('/membership');
    await expect(page.getByRole('heading', { level: 1, name: 'Your membership' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Supporter' })).toContainText('Supporter badge on your profile');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // A returning supporter: signed out, then in again, lands on the dashboard.
    await context.clearCookies();
    await signIn(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    expect(pathOf(page)).toBe('/dashboard');
  });
});

test.describe('membership choice', () => {
  test('a paid tier says payment is not available yet and records the request; an unknown one is a 404', async ({ page }) => {
    await signIn(page, freshEmail('paid'));
    await expect(page).toHaveURL(/\/choose-your-membership$/);
    // An unknown tier is a 404 naming the path.
    for (const path of ['/choose-your-membership/platinum', '/membership/upgrade/platinum']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText(`Page Not Found: ${path}`, { exact: true })).toBeVisible();
    }

    await page.goto('/choose-your-membership/gold');
    await expect(page.getByRole('heading', { level: 1, name: 'Request Gold' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Gold' }).click();

    const outcome = page.getByRole('status');
    await expect(outcome).toContainText('Payment is not available yet; we have recorded your request');
    await expect(outcome).toContainText('You keep your Entry membership for now.');
    await outcome.getByRole('link', { name: 'Continue to dashboard' }).click();
    // The choice counts: the first visit goes on to /welcome.
    await expect(page).toHaveURL(/\/welcome$/);

    await page.goto('/membership');
    await expect(page.getByRole('heading', { level: 2, name: 'Entry' })).toBeVisible();
    const requests = page.getByRole('region', { name: 'Your requests' });
    await expect(requests.getByRole('listitem')).toHaveCount(1);
    await expect(requests).toContainText('Gold');
    await expect(requests).toContainText('we have recorded your request');
  });

  test('an existing supporter upgrades to a free tier, and asks for a paid one', async ({ page }) => {
    await onboard(page, freshEmail('upgrade'));
    await page.goto('/membership');
    await page.getByRole('link', { name: 'Upgrade your membership' }).click();
    await expect(page).toHaveURL(/\/membership\/upgrade$/);
    // Only what is above Entry: no step down, no "upgrade" to the membership already held.
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Supporter', 'Gold']);
    await expect(page.getByRole('button', { name: 'Choose Entry' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Choose Supporter' }).click();
    await expect(page).toHaveURL(/\/membership$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Supporter' })).toBeVisible();
    // The flash toast shows once the toast area hydrates.
    await expect(page.getByText('You are now a Supporter member.')).toBeVisible({ timeout: 15_000 });

    await page.goto('/membership/upgrade');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Gold']);
    // A lower or equal tier has no upgrade page, and cannot be posted to either.
    for (const path of ['/membership/upgrade/entry', '/membership/upgrade/supporter']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText(`Page Not Found: ${path}`, { exact: true })).toBeVisible();
      const origin = new URL(page.url()).origin;
      const posted = await page.request.post(path, { form: { idempotencyKey: crypto.randomUUID() }, headers: { Origin: origin }, maxRedirects: 0 });
      expect(posted.status(), `POST ${path}`).toBe(404);
    }
    const me = await page.evaluate(async () => (await (await fetch('/api/membership/me')).json()).data.membership);
    expect(me).toBe('supporter');
    await page.goto('/membership/upgrade');
    await page.getByRole('button', { name: 'Choose Gold' }).click();
    await expect(page.getByRole('status')).toContainText('Payment is not available yet; we have recorded your request');
    await expect(page.getByRole('status')).toContainText('You keep your Supporter membership for now.');
    await page.getByRole('link', { name: 'Back to your membership' }).click();
    await expect(page.getByRole('region', { name: 'Your requests' })).toContainText('Gold');

    // In Spanish: the app's words are Spanish, and so are the club's tier names and perks (the demo club wrote them).
    await page.context().addCookies([{ name: 'terrace_lang', value: 'es', url: new URL(page.url()).origin }]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Tu membresía' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tus solicitudes' })).toContainText('El pago aún no está disponible');
    await page.getByRole('link', { name: 'Mejora tu membresía' }).click();
    await expect(page.getByRole('button', { name: 'Elegir Oro' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Ventajas de Oro' })).toContainText('Puntos dobles al registrar tu visita');
  });
});
