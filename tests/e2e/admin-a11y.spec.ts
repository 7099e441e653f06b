import { expect, test } from '@playwright/test';
import { signInAsStaff } from './support/operator.ts';
import { seriousViolations } from './support/axe.ts';

// Issue 24, point 6: the console works with a keyboard and a screen reader. axe finds no serious or
// critical violation on the console's lists and forms, signed in as an owner (every section open).
const PAGES = ['/admin', '/admin/challenges', '/admin/challenges/new?subtype=poll', '/admin/stories', '/admin/articles/new', '/admin/sweepstakes', '/admin/settings', '/admin/membership', '/admin/operators', '/admin/api-keys', '/admin/audit'];

test('the console has no serious or critical accessibility violation', async ({ page }) => {
  test.slow();
  await signInAsStaff(page, 'owner');
  for (const path of PAGES) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
