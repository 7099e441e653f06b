import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { hydratedAll } from './support/signals.ts';

// The page loads on a running fake clock, which is then paused: every toast timer below only moves
// when the test says so (page.clock.runFor), never with the wall clock.
const START = new Date('2025-03-01T12:00:00Z').getTime();

async function openGallery(page: Page) {
  await page.clock.install({ time: START });
  await page.goto('/dev/gallery');
  // Server-rendered islands lose their `ssr` attribute once hydrated.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.clock.pauseAt(START + 10 * 60_000);
}

function notifications(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

/** The open toast: its list item (a closed toast is hidden, so no longer matches). */
function shownToast(page: Page) {
  return notifications(page).getByRole('listitem');
}

/**
 * Still open, not merely still drawn: a closing toast stays visible for its short exit transition
 * (CSS, real time), so visibility alone would pass for a toast that has just been dismissed.
 */
async function expectOpen(toast: Locator) {
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-state', 'open');
}

/**
 * Presses a demo button, then moves the mouse away so it does not rest on (and pause) the toast; returns once the
 * toast is drawn and its timer set. The timer starts in an effect React runs after drawing the toast, a task
 * it posts through a MessageChannel: one more message through the page's queue, and that effect has run.
 */
async function raise(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
  await page.mouse.move(0, 0);
  await expect(shownToast(page).last()).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(null);
    channel.port2.postMessage(null);
  }));
}

test.describe('on the gallery', () => {
  test.beforeEach(async ({ page }) => {
    await openGallery(page);
  });

  test('a new toast replaces the older one: only one is shown', async ({ page }) => {
    const area = notifications(page);
    await raise(page, 'Show default toast');
    await expect(area.getByRole('status')).toContainText('Check-in saved');
    await raise(page, 'Show destructive toast');
    await expect(area.getByRole('alert')).toContainText('Something went wrong');
    await expect(area.getByRole('status')).toHaveCount(0);
    await expect(area.getByRole('listitem', { includeHidden: true })).toHaveCount(1);
  });

  test('a toast can carry an action link', async ({ page }) => {
    await raise(page, 'Show toast with action');
    const toast = shownToast(page);
    await expect(toast.getByRole('link', { name: 'View' })).toHaveAttribute('href', '/challenges');
  });

  test('closes by itself after 5000 ms and stays in the store, closed', async ({ page }) => {
    await raise(page, 'Show default toast');
    const toast = shownToast(page);
    await page.clock.runFor(4900);
    await expectOpen(toast);
    await page.clock.runFor(100);
    await expect(toast).toBeHidden();
    await expect(notifications(page).getByRole('listitem', { includeHidden: true })).toHaveAttribute('data-state', 'closed');
  });

  test('F8 moves focus to the notification area', async ({ page }) => {
    await page.keyboard.press('F8');
    await expect(notifications(page).getByRole('list')).toBeFocused();
  });

  test('Escape closes the toast when focus is in the notification area', async ({ page }) => {
    await raise(page, 'Show default toast');
    const toast = shownToast(page);
    await page.keyboard.press('F8');
    await page.keyboard.press('Escape');
    await expect(toast).toBeHidden();
    await expect(notifications(page).getByRole('list')).toBeFocused();
  });

  test('the close button closes the toast', async ({ page }) => {
    await raise(page, 'Show default toast');
    const toast = shownToast(page);
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toBeHidden();
  });

  async function swipe(page: Page, distance: number) {
    const box = await shownToast(page).boundingBox();
    if (!box) throw new Error('no toast to swipe');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 20 + distance, y, { steps: 5 });
    await page.mouse.up();
  }

  test('a swipe right of 50 px closes the toast; 30 px snaps it back', async ({ page }) => {
    await raise(page, 'Show default toast');
    const toast = shownToast(page);
    await swipe(page, 30);
    await expectOpen(toast);
    await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).translate)).toBe('none');
    await swipe(page, 50);
    await expect(toast).toBeHidden();
  });

  test('the timer pauses while the toast is hovered and resumes after', async ({ page }) => {
    await raise(page, 'Show default toast');
    const toast = shownToast(page);
    await toast.hover();
    await page.clock.runFor(10_000);
    await expectOpen(toast);
    await page.mouse.move(0, 0);
    await page.clock.runFor(4900);
    await expectOpen(toast);
    await page.clock.runFor(100);
    await expect(toast).toBeHidden();
  });

  test('passes axe, with AA contrast on the destructive toast', async ({ page }) => {
    await raise(page, 'Show destructive toast');
    const toast = shownToast(page);
    // Let the entry fade finish (a CSS transition, so it runs on real time); axe needs running timers,
    // and the pointer on the toast keeps it open meanwhile.
    await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await toast.hover();
    await page.clock.resume();
    expect(await axeViolations(page, { include: 'section[aria-label="Notifications (F8)"]' })).toEqual([]);
  });
});

// The root layout renders the Toaster, with the flash toast the middleware took, on any page.
test('a flash toast left by the server shows on the next page, and its cookie is cleared', async ({ page, context, baseURL }) => {
  const flash = { title: 'Saved on the server', description: 'Shown from the flash cookie.' };
  await context.addCookies([{ name: 'terrace_flash', value: encodeURIComponent(JSON.stringify(flash)), url: baseURL ?? '' }]);
  await page.goto('/about');
  // The toaster hydrates when the page is idle, then loads its toast: on a busy machine each may take seconds.
  await hydratedAll(page);
  await expect(notifications(page).getByRole('status')).toContainText('Saved on the server');
  expect((await context.cookies()).find((c) => c.name === 'terrace_flash')).toBeUndefined();
});
