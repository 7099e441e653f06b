import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { freshEmail, latestCode, signInThroughUi } from './support/sign-in.ts';

// The built server's JSON log (stdout, kept in .e2e-data/server.log by playwright.config.ts) after a
// session of mistakes holds no session token, no sign-in code, no e-mail address and no profile value.
const LOG = '.e2e-data/server.log';

test('a session of mistakes leaves no secret in the server log', async ({ page, context }) => {
  const email = freshEmail('logcheck');
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = await latestCode(page.request, email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Code').fill(wrong);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await signInThroughUi(page, email);
  const token = (await context.cookies()).find((c) => c.name === 'terrace_session')!.value;
  const secrets = [token, code, wrong, email, email.split('@')[0]!, 'Zebedee', 'not a phone 424242'];

  // A 422 profile save (a plain form post the server hands to the API), a 404 challenge page, and
  // failing API calls made with the session as bearer, with an Idempotency-Key and the org token.
  await page.goto('/profile/edit');
  await page.getByLabel('First name').fill('Zebedee');
  await page.getByLabel('Phone number').fill('not a phone 424242');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Some details need another look.');
  expect((await page.goto('/challenges/polls/no-such-challenge'))?.status()).toBe(404);
  const statuses = await page.evaluate(async () => Promise.all([
    fetch('/api/challenge/no-such-challenge').then((r) => r.status),
    fetch('/api/user/me', {
      method: 'PATCH', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'key-424242' },
      body: JSON.stringify({ firstName: 'Zebedee', phoneNumber: 'not a phone 424242' }),
    }).then((r) => r.status),
  ]));
  expect(statuses).toEqual([404, 422]);
  secrets.push('key-424242');

  await expect.poll(() => readFileSync(LOG, 'utf8')).toContain('"status":422');
  const log = readFileSync(LOG, 'utf8');
  const lines = log.split('\n').filter(Boolean);
  // Every line is JSON: one per request, one per error.
  expect(lines.filter((l) => !l.startsWith('{'))).toEqual([]);
  expect(log).toContain('"msg":"request"');
  expect(log).toContain('"msg":"API call failed"');
  for (const secret of secrets) expect(log, 'the log holds a secret').not.toContain(secret);
  expect(log).not.toMatch(/Bearer |pk_demo_terrace|@example\.com/);
});
