import { expect, type APIRequestContext, type Page } from '@playwright/test';

// What several suites do to a signed-in supporter through the API, as the pages call it (the session cookie of
// the page's browser context, through `page.request`), so each suite shapes its supporter the same way. No page
// needs to be open: a test opens the first page it looks at.

/** The id of the demo challenge titled `title`, as GET /api/challenge lists it. */
export async function challengeId(request: APIRequestContext, title: string): Promise<string> {
  const { data } = await (await request.get('/api/challenge')).json() as { data: Array<{ challengeId: string; title: string }> };
  const found = data.find((c) => c.title === title);
  if (!found) throw new Error(`no demo challenge is titled ${title}`);
  return found.challengeId;
}

/** POSTs `body` to a challenge, as its page does; answers the status. */
export async function answer(request: APIRequestContext, title: string, body: unknown): Promise<number> {
  return (await request.post(`/api/challenge/${await challengeId(request, title)}`, { data: body })).status();
}

/**
 * 95 points as the challenge pages send them: keyword 50, feedback 25, a poll 20. A check-in's 10 then crosses
 * P9's 100 (a level-up).
 */
export async function earn95Points(page: Page): Promise<void> {
  expect([
    await answer(page.request, 'Matchday programme keyword', { input: { response: 'Lamplighter' } }),
    await answer(page.request, 'How was your matchday?', { input: { response: 'Loud and proud.' } }),
    await answer(page.request, 'Player of the Month: October', { poll: { responseIndex: 0 } }),
  ]).toEqual([200, 200, 200]);
}

/** 105 points (P9): the 95 above, then the check-in's 10. */
export async function earn105Points(page: Page): Promise<void> {
  await earn95Points(page);
  expect((await page.request.post('/api/checkin')).status()).toBe(200);
}

/** Sets the supporter's birthday (YYYY-MM-DD) through PATCH /user/me, which answers 201. */
export async function setBirthday(page: Page, birthday: string): Promise<void> {
  expect((await page.request.patch('/api/user/me', { data: { birthday } })).status()).toBe(201);
}

/** 60 points, as a supporter earns them: the keyword (50) and a check-in (10). */
export async function earn60Points(page: Page): Promise<void> {
  expect([
    await answer(page.request, 'Matchday programme keyword', { input: { response: 'Lamplighter' } }),
    (await page.request.post('/api/checkin')).status(),
  ]).toEqual([200, 200]);
}
