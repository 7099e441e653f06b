import { expect, test } from '@playwright/test';
import { startBuiltServer, startFaultProxy, type FaultProxy, type Running } from './support/extra-server.ts';
import { APP_PORT } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';

// Two built servers: one serves the API, the other the pages with API_ORIGIN pointing at the first,
// through a plain proxy that can answer 408 (a request timeout, as load balancers send) in the API's place.
const API = APP_PORT + 30;
const FRONT = APP_PORT + 31;
const PROXY = APP_PORT + 32;
let api: Running;
let front: Running;
let proxy: FaultProxy;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  api = await startBuiltServer(API);
  proxy = await startFaultProxy(PROXY, api.origin);
  front = await startBuiltServer(FRONT, { API_ORIGIN: `http://127.0.0.1:${PROXY}` });
});
test.afterAll(async () => {
  await front?.stop();
  await api?.stop();
  await proxy?.stop();
});
test.use({ baseURL: `http://127.0.0.1:${FRONT}` });

test('with API_ORIGIN set, a supporter signs in and checks in through the front server, the browser only ever calling it', async ({ page }) => {
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

test('an API that answers 408 reaches the browser as a 504 with a message, and the browser sends the POST once', async ({ page }) => {
  await signInOnboarded(page, 'apiorigin408');
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Daily check-in' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  proxy.fail('POST /api/checkin', 408);
  proxy.seen.length = 0;
  // The card calls the check-in action; the front server's call to the API gets the 408.
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/_actions/checkin.checkIn/');
  await card.getByRole('button', { name: 'Check in' }).click();
  const answer = await answered;
  expect(answer.status()).toBe(504);
  await expect(card).toContainText('Something went wrong. Please try again.');
  // A 408 passed through made Chromium send the same POST again and again on its kept-alive connection.
  // Now it arrives once, and once more from the client's own one retry (spec section 7: 504), with the same key.
  const posts = proxy.seen.filter((s) => s.request === 'POST /api/checkin');
  expect(posts).toHaveLength(2);
  expect(posts[0]!.key).toMatch(/^[\w-]{36}$/);
  expect(posts[1]!.key).toBe(posts[0]!.key);
  // A browser's own call through the /api forwarder is answered the same way, with the API's words.
  const direct = await page.evaluate(async () => {
    const answer = await fetch('/api/checkin', { method: 'POST' });
    return { status: answer.status, error: (await answer.json()).error };
  });
  expect(direct.status).toBe(504);
  expect(direct.error).toMatchObject({ code: 'upstream_timeout', message: 'The server took too long to answer. Please try again.' });
  proxy.fail('POST /api/checkin', undefined);
});
