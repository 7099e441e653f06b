import { expect } from '@playwright/test';
import { testEveryPage, VIEWPORT } from './support/every-page.ts';
import { seriousViolations } from './support/axe.ts';

// Every page of the route table, in English and Spanish, signed out and signed in, opened once and checked three
// ways (one test per page, so a failure names the page):
// - issue 12, point 8: axe finds no serious or critical violation;
// - nothing pushes the page sideways on a phone (an absolutely placed label escaping a scrolling row did);
// - a full-page screenshot at 360 px, kept as a CI artefact under test-results/screens/ (ignored by git) for a
//   person to look at.
// One visit for the three: each page open costs a navigation and its islands' hydration, the bulk of the suite.

const fileName = (name: string) => name.replace(/^\//, '').replace(/[/:]+/g, '_') || 'index';

testEveryPage(async (page, { state, language, name }) => {
  expect(await seriousViolations(page)).toEqual([]);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORT.width);

  // The whole page as one tall phone screen: a full-page capture would leave the fixed tab bar
  // floating where the first 740 px end, over the content.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: VIEWPORT.width, height: Math.max(height, VIEWPORT.height) });
  await page.screenshot({ path: `test-results/screens/${state}-${language}/${fileName(name)}.png`, animations: 'disabled' });
  await page.setViewportSize(VIEWPORT);
});
