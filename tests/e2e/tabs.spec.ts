import { expect, test } from '@playwright/test';
import { freshEmail, signInThroughUi } from './support/sign-in.ts';

test('the tab bar marks the current tab on /dashboard, /challenges/polls and /media/videos', async ({ page }) => {
  await signInThroughUi(page, freshEmail('tabs'));
  // Through onboarding, so /dashboard renders instead of sending a newcomer on.
  const post = (path: string, body?: unknown) => page.evaluate(async ([p, b]) => (await fetch(p as string, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, ...(b ? { body: JSON.stringify(b) } : {}),
  })).status, [path, body] as const);
  expect(await post('/api/membership/choose', { membership: 'entry' })).toBe(200);
  expect(await post('/api/user/me/welcome')).toBe(201);

  for (const [path, tab] of [['/dashboard', 'Home'], ['/challenges/polls', 'Challenges'], ['/media/videos', 'Media']] as const) {
    await page.goto(path);
    expect(new URL(page.url()).pathname).toBe(path);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.locator('[aria-current="page"]'), path).toHaveText(tab);
  }
});
