import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { testEveryPage } from './support/every-page.ts';

// Issue 12, point 8: axe finds no serious or critical violation on any page, in English and Spanish,
// signed out and signed in. One test per page, so a failure names the page and its rules.

testEveryPage(async (page) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(serious).toEqual([]);
});
