import { expect, type Page } from '@playwright/test';
import { test } from './support/shared-supporter.ts';
import { seriousViolations } from './support/axe.ts';

// A signed-in supporter's screens, their islands hydrated, have no serious or critical axe violation: the lists,
// and one challenge page of each kind reached from its list. One test per screen, so a failure names it and
// the screens share the workers.

test.use({ signedIn: true });
test.describe.configure({ mode: 'parallel' });

async function expectNoSeriousViolation(page: Page): Promise<void> {
  // Hydrated islands are part of what is checked.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(await seriousViolations(page), new URL(page.url()).pathname).toEqual([]);
}

for (const path of ['/dashboard', '/challenges', '/challenges/pickems', '/challenges/arcade', '/history']) {
  test(`${path} has no serious or critical axe violation`, async ({ page }) => {
    await page.goto(path);
    await expectNoSeriousViolation(page);
  });
}

for (const [list, title] of [['/challenges/pickems', 'Derby day'], ['/challenges/pickems', 'Harbour Town away'],
  ['/challenges/arcade', 'Keepy-uppy'], ['/challenges/polls', 'Player of the Month'], ['/challenges/quizzes', 'history quiz']] as const) {
  test(`the challenge “${title}” (from ${list}) has no serious or critical axe violation`, async ({ page }) => {
    await page.goto(list);
    await page.getByRole('link', { name: new RegExp(title) }).click();
    await expect(page).not.toHaveURL(new RegExp(`${list}$`));
    await expectNoSeriousViolation(page);
  });
}
