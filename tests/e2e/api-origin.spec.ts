import { expect, test } from '@playwright/test';
import { startBuiltServer, type Running } from './support/extra-server.ts';
import { APP_PORT } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';

// Two built servers: one serves the API, the other the pages with API_ORIGIN pointing at the first.
const API = APP_PORT + 30;
const FRONT = APP_PORT + 31;
let api: Running;
let front: Running;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  api = await startBuiltServer(API);
  front = await startBuiltServer(FRONT, { API_ORIGIN: `http://127.0.0.1:${API}` });
});
test.afterAll(async () => {
  await front?.stop();
  await api?.stop();
});
test.use({ baseURL: `http://127.0.0.1:${FRONT}` });

test('with API_ORIGIN set, a supporter signs in and checks in through the front server, the browser only ever calling it', async ({ page }) => {
  test.setTimeout(60_000);
  const foreign: string[] = [];
  page.on('request', (r) => { if (!r.url().startsWith(`http://127.0.0.1:${FRONT}/`)) foreign.push(r.url()); });
  await signInOnboarded(page, 'apiorigin');
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Daily check-in' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(card).toContainText('1 day in a row');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem')).toContainText('+10 points');
  expect(foreign).toEqual([]);

  // The award lives in the API server's database: its own answer for this supporter shows it.
  const points = await page.evaluate(async () => (await (await fetch('/api/user/me/points')).json()).data);
  expect(points).toEqual({ points: 10, lifetime_points: 10 });
});
