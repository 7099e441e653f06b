import { expect, test } from '@playwright/test';
import { signInOnboarded } from './support/sign-in.ts';

// Spec section 7: "After the organization loads, an x-org-token header taken from its token is added."
// The page loads the organization on the server; the browser's calls carry its token, and the API takes them.
test("an island's calls carry the organization's x-org-token, and the API accepts them", async ({ page }) => {
  await signInOnboarded(page, 'org-token');
  const organization = await page.request.get('/api/organization/current', { headers: { Authorization: 'Bearer pk_demo_terrace' } });
  const { token } = (await organization.json() as { data: { token: string } }).data;
  expect(token).toBeTruthy();

  // A story's chapter view goes from the browser to the API (a form's write goes through its action, on the server).
  const stories = await (await page.request.get('/api/content/stories')).json() as { data: Array<{ id: string; title: string }> };
  const story = stories.data.find((s) => s.title === 'The Boxing Day kit, with Harbour Print');
  const view = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/content\/stories\/[^/]+\/chapter-view\//.test(r.url()));
  await page.goto(`/stories/${story?.id}`);
  const sent = await view;
  expect(await sent.headerValue('x-org-token')).toBe(token);
  expect((await sent.response())?.status()).toBeLessThan(300);
});
