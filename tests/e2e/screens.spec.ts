import { expect } from '@playwright/test';
import { testEveryPage, VIEWPORT } from './support/every-page.ts';

// Issue 12: full-page screenshots of every page at 360 x 740, in English and Spanish, signed out and
// signed in, kept as CI artefacts under test-results/screens/ (ignored by git) for a person to look at;
// and no page wider than the phone. One test per page, so a page that fails to open is named.

const fileName = (name: string) => name.replace(/^\//, '').replace(/[/:]+/g, '_') || 'index';

testEveryPage(async (page, { state, language, name }) => {
  // Nothing pushes the page sideways on a phone (an absolutely placed label escaping a scrolling row did).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORT.width);
  // The whole page as one tall phone screen: a full-page capture would leave the fixed tab bar
  // floating where the first 740 px end, over the content.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: VIEWPORT.width, height: Math.max(height, VIEWPORT.height) });
  await page.screenshot({ path: `test-results/screens/${state}-${language}/${fileName(name)}.png`, animations: 'disabled' });
  await page.setViewportSize(VIEWPORT);
});
