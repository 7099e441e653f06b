import { expect, type Page } from '@playwright/test';

// Signals to wait for before checking that something did not happen: each one comes after the thing
// would have, so a check made then fails when the thing merely came late, where a fixed sleep passes.

/** The page has run what it had queued: its tasks, timers due and promise chains (requestIdleCallback). */
export async function pageIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 5_000 })));
}

/** Every island of the page has hydrated: the scripts the page starts with have run. */
export async function hydratedAll(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

let markers = 0;

/**
 * Sends a request from the page and waits until the test has seen it. Playwright reports a page's requests
 * in the order the page makes them, so every request the page began before this one has been seen too.
 */
export async function requestMarker(page: Page): Promise<void> {
  markers += 1;
  const path = `/robots.txt?marker=${markers}`;
  const seen = page.waitForRequest((r) => r.url().endsWith(path));
  await page.evaluate(async (path) => { await (await fetch(path)).text(); }, path);
  await seen;
}
