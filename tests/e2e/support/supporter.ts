import { expect, type Page } from '@playwright/test';

// What several suites do to a signed-in supporter through the API, as the pages call it (same origin,
// the session cookie), so each suite shapes its supporter the same way.

/**
 * 95 points as the challenge pages send them: keyword 50, feedback 25, a poll 20. A check-in's 10 then crosses
 * P9's 100 (a level-up).
 */
export async function earn95Points(page: Page): Promise<void> {
  const statuses = await page.evaluate(async () => {
    const { data } = await (await fetch('/api/challenge')).json() as { data: Array<{ challengeId: string; title: string }> };
    const id = (title: string) => data.find((c) => c.title === title)!.challengeId;
    const send = (challengeId: string, body: unknown) => fetch(`/api/challenge/${challengeId}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    }).then((r) => r.status);
    return [
      await send(id('Matchday programme keyword'), { input: { response: 'Lamplighter' } }),
      await send(id('How was your matchday?'), { input: { response: 'Loud and proud.' } }),
      await send(id('Player of the Month: October'), { poll: { responseIndex: 0 } }),
    ];
  });
  expect(statuses).toEqual([200, 200, 200]);
}

/** 105 points (P9): the 95 above, then the check-in's 10. */
export async function earn105Points(page: Page): Promise<void> {
  await earn95Points(page);
  expect(await page.evaluate(async () => (await fetch('/api/checkin', { method: 'POST' })).status)).toBe(200);
}

/** Sets the supporter's birthday (YYYY-MM-DD) through PATCH /user/me, which answers 201. */
export async function setBirthday(page: Page, birthday: string): Promise<void> {
  const status = await page.evaluate(async (b) => (await fetch('/api/user/me', {
    method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ birthday: b }),
  })).status, birthday);
  expect(status).toBe(201);
}

/** 60 points, as a supporter earns them: the keyword (50) and a check-in (10). */
export async function earn60Points(page: Page): Promise<void> {
  const statuses = await page.evaluate(async () => {
    const { data } = await (await fetch('/api/challenge')).json() as { data: Array<{ challengeId: string; title: string }> };
    const keyword = data.find((c) => c.title === 'Matchday programme keyword')!.challengeId;
    const post = (path: string, body?: unknown) => fetch(path, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body === undefined ? null : JSON.stringify(body),
    }).then((r) => r.status);
    return [await post(`/api/challenge/${keyword}`, { input: { response: 'Lamplighter' } }), await post('/api/checkin')];
  });
  expect(statuses).toEqual([200, 200]);
}
