import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { startBuiltServer, type RunningServer } from './support/extra-server.ts';
import { APP_PORT } from './support/ports.ts';
import { freshEmail, signIn } from './support/sign-in.ts';

// Issue 26: onboarding asked a choice with one option and buried its button. A club that offers one membership
// (a server of its own: the demo's other two tiers are removed from its database) asks no choice, and on a
// 360 px phone every onboarding step's button is on screen without scrolling, in both languages.

const APP = APP_PORT + 75;
let club: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  club = await startBuiltServer(APP);
  const db = new DatabaseSync(club.database, { timeout: 5_000 });
  try {
    db.prepare("DELETE FROM membership_tiers WHERE slug <> 'entry'").run();
  } finally {
    db.close();
  }
});
test.afterAll(async () => {
  await club?.stop();
});

test.describe('a club with one membership, on a 360 px phone', () => {
  test.use({ baseURL: `http://127.0.0.1:${APP}`, viewport: { width: 360, height: 740 } });

  for (const [lang, words] of [
    ['en', { title: 'Your membership', button: 'Continue with Entry', start: 'Let’s go' }],
    ['es', { title: 'Tu membresía', button: 'Continuar con Básica', start: '¡Vamos!' }],
  ] as const) {
    test(`${lang}: the only membership is offered with its button on screen, then the welcome's button is too`, async ({ page }) => {
      await page.context().addCookies([{ name: 'terrace_lang', value: lang, url: `http://127.0.0.1:${APP}` }]);
      await signIn(page, freshEmail(`one-tier-${lang}`));
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/choose-your-membership$/);
      await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
      const choose = page.getByRole('button', { name: words.button });
      await expect(choose).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button')).toHaveCount(1);

      await choose.click();
      await expect(page).toHaveURL(/\/welcome$/);
      const start = page.getByRole('button', { name: words.start });
      await expect(start).toBeInViewport({ ratio: 1 });
      await start.click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }
});
