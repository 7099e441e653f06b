import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

const WRONG_KEYWORD = 'That is not the keyword. Try again.';

let t: TestApp;
let keyword: string;
beforeAll(async () => {
  t = await createTestApp();
  keyword = (await t.testDb.db.selectFrom('challenges').select('id').where('subtype', '=', 'keyword').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const guess = (token: string, response: string) =>
  t.app.request(`/api/challenge/${keyword}`, { method: 'POST', headers: headers(token), body: JSON.stringify({ input: { response } }) });
let n = 0;
const newUser = async () => (await signIn(t, `guesser-${(n += 1)}@example.com`)).token;

describe(`keyword guesses (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('allows 10 guesses per supporter and challenge an hour; the 11th, even the right one, answers 429 saying when', async () => {
    const token = await newUser();
    for (let i = 0; i < 10; i += 1) {
      const res = await guess(token, `wrong-${i}`);
      expect(res.status).toBe(422);
      expect((await res.json()).error.message).toBe(WRONG_KEYWORD);
    }
    const eleventh = await guess(token, 'Lamplighter');
    expect(eleventh.status).toBe(429);
    const { error } = await eleventh.json();
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/^You have used your 10 guesses for this keyword in the last hour\. Try again in (59|60) minutes\.$/);
    const points = (await (await t.app.request('/api/user/me/points', { headers: headers(token) })).json()).data;
    expect(points).toEqual({ points: 0, lifetime_points: 0 });

    // Someone else still guesses.
    expect((await guess(await newUser(), 'Lamplighter')).status).toBe(200);

    // An hour after the first guesses, guessing opens again.
    const since = new Date(Date.now() - 61 * 60_000).toISOString();
    await t.testDb.db.updateTable('keyword_guesses').set({ guessed_at: since }).execute();
    const later = await guess(token, 'Lamplighter');
    expect(later.status).toBe(200);
    expect((await later.json()).data.pointsAwarded).toBe(50);
  });

  it('counts guesses sent at once: 20 at once, 10 are judged and 10 answer 429', async () => {
    const token = await newUser();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => guess(token, `burst-${i}`)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('does not limit other kinds of answer', async () => {
    const token = await newUser();
    const feedback = (await t.testDb.db.selectFrom('challenges').select('id').where('subtype', '=', 'feedback').executeTakeFirstOrThrow()).id;
    for (let i = 0; i < 12; i += 1) {
      const res = await t.app.request(`/api/challenge/${feedback}`, { method: 'POST', headers: headers(token), body: JSON.stringify({ input: { response: '' } }) });
      expect(res.status).toBe(422);
    }
  });
});
