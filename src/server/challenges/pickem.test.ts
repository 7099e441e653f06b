import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallengeTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

const PICKS_CLOSED = 'Picks for this match are closed.';

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => void ({ t, ids } = await createChallengeTestApp()));
afterAll(() => t.close());

const DERBY = 'Derby day: Terrace FC vs Millbank Rovers';
const HARBOUR = 'Harbour Town away';
const get = (path: string, token: string) => t.app.request(`/api/challenge${path}`, { headers: headers(token) });
const post = (id: string, token: string, body: unknown) =>
  t.app.request(`/api/challenge/${id}`, { method: 'POST', headers: headers(token), body: JSON.stringify(body) });
const points = async (token: string) => (await (await t.app.request('/api/user/me/points', { headers: headers(token) })).json()).data;
let n = 0;
const newUser = async () => (await signIn(t, `picker-${(n += 1)}@example.com`)).token;

describe(`pick'ems (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('records a pick, lets it change until kick-off, and awards nothing at pick time', async () => {
    const token = await newUser();
    const id = ids[DERBY]!;
    const first = await post(id, token, { poll: { responseIndex: 0 } });
    expect(first.status).toBe(200);
    expect((await first.json()).data).toMatchObject({ pointsAwarded: 0, challenge: { pollResponseIndex: 0, completed: true, outcome: null } });
    const changed = await post(id, token, { poll: { responseIndex: 2 } });
    expect((await changed.json()).data).toMatchObject({ pointsAwarded: 0, challenge: { pollResponseIndex: 2 } });
    expect((await (await get(`/${id}`, token)).json()).data).toMatchObject({ pollResponseIndex: 2, outcome: null });
    expect(await points(token)).toEqual({ points: 0, lifetime_points: 0 });
    const rows = await t.testDb.db.selectFrom('challenge_responses').select('response_index').where('challenge_id', '=', id).execute();
    expect(rows.map((r) => Number(r.response_index))).toEqual([2]);
    const bad = await post(id, token, { poll: { responseIndex: 3 } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.message).toBe('Choose one of the options.');
  });

  it('closes picks at kick-off (expiresOn)', async () => {
    const token = await newUser();
    const id = ids[DERBY]!;
    expect((await post(id, token, { poll: { responseIndex: 1 } })).status).toBe(200);
    const { expires_on } = await t.testDb.db.selectFrom('challenges').select('expires_on').where('id', '=', id).executeTakeFirstOrThrow();
    await t.testDb.db.updateTable('challenges').set({ expires_on: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    try {
      const late = await post(id, token, { poll: { responseIndex: 0 } });
      expect(late.status).toBe(422);
      expect((await late.json()).error).toMatchObject({ code: 'challenge_closed', message: PICKS_CLOSED });
      expect((await (await get(`/${id}`, token)).json()).data.pollResponseIndex).toBe(1);
    } finally {
      await t.testDb.db.updateTable('challenges').set({ expires_on }).where('id', '=', id).execute();
    }
  });

  it('refuses picks on a resolved match', async () => {
    const token = await newUser();
    const res = await post(ids[HARBOUR]!, token, { poll: { responseIndex: 0 } });
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toBe(PICKS_CLOSED);
  });

  it('answers the history: empty before a response, pending then won with the points', async () => {
    const token = await newUser();
    const id = ids[DERBY]!;
    const history = async () => (await (await get(`/${id}/history`, token)).json()).data.items;
    expect(await history()).toEqual([]);
    await post(id, token, { poll: { responseIndex: 1 } });
    let items = await history();
    expect(items).toHaveLength(1);
    expect(items[0].challenge).toMatchObject({ challengeId: id, pollResponseIndex: 1 });
    expect(items[0].outcome).toEqual({ status: 'pending', pointsAwarded: 0, awardedAt: null });

    const loser = await newUser();
    await post(id, loser, { poll: { responseIndex: 0 } });
    const set = await t.app.request(`/api/admin/challenges/${id}/outcome`, {
      method: 'POST', headers: headers(t.ownerKey), body: JSON.stringify({ responseIndex: 1 }),
    });
    expect(set.status).toBe(200);
    items = await history();
    expect(items[0].challenge.outcome).toBe(1);
    expect(items[0].outcome).toEqual({ status: 'won', pointsAwarded: 30, awardedAt: expect.any(String) });
    const lost = (await (await get(`/${id}/history`, loser)).json()).data.items;
    expect(lost[0].outcome).toEqual({ status: 'lost', pointsAwarded: 0, awardedAt: null });
    expect((await get(`/${id}/history`, 'pk_demo_terrace')).status).toBe(401);
    expect((await get('/no-such-challenge/history', token)).status).toBe(404);
  });

  it('documents the history route', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    expect(doc.paths['/challenge/{id}/history']).toHaveProperty('get');
    expect(doc.paths['/admin/challenges/{id}/outcome']).toHaveProperty('post');
  });
});
