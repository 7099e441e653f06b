import { expect, test } from '@playwright/test';
import { paintedConfettiPixels } from './support/confetti.ts';
import { BASE_URL } from './support/ports.ts';
import { signInOnboarded } from './support/sign-in.ts';
import { answer, challengeId, earn95Points } from './support/supporter.ts';

test('reaching the next rank from the dashboard is celebrated with a toast and confetti, and the rank updates in place', async ({ page }) => {
  await signInOnboarded(page, 'level-up');
  // 95 points through the API as the challenge pages send them (keyword 50, feedback 25, a poll 20):
  // the check-in's 10 then crosses P9's 100.
  await earn95Points(page);

  await page.goto('/dashboard');
  const standing = page.getByRole('region', { name: 'Your points' });
  await expect(standing).toContainText('Rank P10 · Debut');
  await expect(standing).toContainText('5 points to P9 · Regular');

  const card = page.getByRole('region', { name: 'Daily check-in' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  await expect(page.locator('body > canvas')).toHaveCount(0);
  const calls: string[] = [];
  page.on('request', (req) => {
    if (/^\/(api|_actions)\//.test(new URL(req.url()).pathname)) calls.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });
  // Spec section 4: the check-in reaches P9's pointsRequired, so the points are refreshed and then the whole user.
  const userRefetched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/me' && r.request().method() === 'GET');
  await card.getByRole('button', { name: 'Check in' }).click();

  const notice = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
  await expect(notice).toContainText('You reached P9!');
  // The full-screen moment, named by the new rank and the club's name for it, with the club's crest and what
  // the next rank brings; focus is inside it.
  const moment = page.getByRole('dialog', { name: 'You reached P9 · Regular!' });
  await expect(moment).toBeVisible();
  await expect(moment.locator('img[src="/brand/terrace-fc/crest.svg"]')).toBeVisible();
  await expect(moment).toContainText('Next: P8 · Terrace Voice');
  await expect(moment).toContainText('Stories from the dressing room.');
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'You reached P9 · Regular!' })).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  await expect(page.locator('body > canvas')).toBeVisible();
  // Confetti is drawn, not only a canvas put up (under the CSP a Worker-drawn canvas stayed blank).
  await expect.poll(() => paintedConfettiPixels(page)).toBeGreaterThan(0);
  // Escape closes it, and focus is back on the button that was pressed.
  await page.keyboard.press('Escape');
  await expect(moment).toHaveCount(0);
  await expect(card.getByRole('button')).toBeFocused();
  // Without a reload: the new rank and the way to the one after it.
  await expect(standing).toContainText('Rank P9 · Regular');
  await expect(standing).toContainText('145 points to P8 · Terrace Voice');
  // From P9's threshold to P8's: (105 - 100) / (250 - 100), the same on the profile.
  await expect(standing.getByRole('progressbar', { name: 'Progress to P8' })).toHaveAttribute('aria-valuenow', '3');
  // The check-in's answer carried the new balance and rank, shown at once; the rank reached, the
  // points and then the user come again from the server, in that order, once each.
  expect((await userRefetched).status()).toBe(200);
  expect(calls).toEqual(['POST /_actions/checkin.checkIn/', 'GET /api/user/me/points', 'GET /api/user/me']);
  await expect(standing).toContainText('145 points to P8');

  // The profile shows the same progress, from the same server function.
  await page.goto('/profile');
  await expect(page.getByRole('progressbar', { name: 'Progress to P8' })).toHaveAttribute('aria-valuenow', '3');
  await expect(page.getByText('145 more points to reach P8')).toBeVisible();

  // The history agrees: four awards, 105 in all.
  await page.goto('/history');
  const rows = page.getByRole('row').filter({ hasText: /\+\d+/ });
  await expect(rows).toHaveCount(4);
  const amounts = await rows.evaluateAll((trs) => trs.map((tr) => Number(/\+(\d+)/.exec(tr.textContent ?? '')?.[1] ?? 0)));
  expect(amounts.reduce((a, b) => a + b, 0)).toBe(105);
});

test('a level-up on a challenge is said in the same one toast as its points ("You reached P9! +20 points")', async ({ page }) => {
  await signInOnboarded(page, 'level-up-poll');
  // 85 points through the API (check-in 10, keyword 50, feedback 25): the poll's 20 then crosses P9's 100.
  expect([
    (await page.request.post('/api/checkin')).status(),
    await answer(page.request, 'Matchday programme keyword', { input: { response: 'Lamplighter' } }),
    await answer(page.request, 'How was your matchday?', { input: { response: 'Loud and proud.' } }),
  ]).toEqual([200, 200, 200]);
  const poll = await challengeId(page.request, 'Player of the Month: October');

  await page.goto(`/challenges/polls/${poll}`);
  const island = page.getByRole('main').locator('astro-island');
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
  await page.getByRole('main').getByRole('button').first().click();

  const notice = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
  await expect(notice).toContainText('You reached P9! +20 points');
  await expect(notice).toHaveCount(1);
  await expect.poll(() => paintedConfettiPixels(page)).toBeGreaterThan(0);
  // Closed by its button as well; the page is usable again.
  const moment = page.getByRole('dialog', { name: 'You reached P9 · Regular!' });
  await moment.getByRole('button', { name: 'Keep going' }).click();
  await expect(moment).toHaveCount(0);
});

test('in Spanish, with reduced motion: the moment names the rank in Spanish, with no confetti', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInOnboarded(page, 'level-up-es');
  await page.context().addCookies([{ name: 'terrace_lang', value: 'es', url: `${BASE_URL}/` }]);
  await earn95Points(page);
  await page.goto('/dashboard');
  const card = page.locator('#checkin');
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  await card.getByRole('button').click();
  const moment = page.getByRole('dialog', { name: '¡Has llegado a P9 · Habitual!' });
  await expect(moment).toContainText('Siguiente: P8 · Voz de la grada');
  await expect(moment).toContainText('Historias desde el vestuario.');
  expect(await paintedConfettiPixels(page)).toBe(0);
  await expect(page.locator('body > canvas')).toHaveCount(0);
  await moment.getByRole('button', { name: 'Cerrar' }).click();
  await expect(moment).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Tus puntos' })).toContainText('Rango P9 · Habitual');
});
