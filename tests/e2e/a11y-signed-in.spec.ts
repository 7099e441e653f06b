import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { test } from './support/shared-supporter.ts';

const serious = (violations: { impact?: string | null; id: string }[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

test.use({ signedIn: true });

test("a signed-in supporter's screens have no serious or critical axe violation", async ({ page }) => {
  test.setTimeout(60_000);
  const paths = ['/dashboard', '/challenges', '/challenges/pickems', '/challenges/arcade', '/history'];
  // One challenge page of each kind, reached from its list.
  for (const [list, title] of [['/challenges/pickems', /Derby day/], ['/challenges/pickems', /Harbour Town away/],
    ['/challenges/arcade', /Keepy-uppy/], ['/challenges/polls', /Player of the Month/], ['/challenges/quizzes', /history quiz/]] as const) {
    await page.goto(list);
    paths.push(new URL(await page.getByRole('link', { name: title }).getAttribute('href') ?? '', page.url()).pathname);
  }
  for (const path of paths) {
    await page.goto(path);
    // Hydrated islands are part of what is checked.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(serious(results.violations), path).toEqual([]);
  }
});
