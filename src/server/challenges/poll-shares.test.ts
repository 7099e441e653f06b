import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallengeTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => void ({ t, ids } = await createChallengeTestApp()));
afterAll(() => t.close());

const ANON = 'pk_demo_terrace';
const KIT = 'Boxing Day kit';
const AWAY = 'Best away day so far';
const CLOSED_POLL = 'Goal of the Season 2025/26';
const DERBY = 'Derby day: Terrace FC vs Millbank Rovers';
const get = (path: string, token = ANON) => t.app.request(`/api/challenge${path}`, { headers: headers(token) });
const read = async (title: string, token = ANON) => (await (await get(`/${ids[title]}`, token)).json()).data;
const vote = async (title: string, token: string, responseIndex: number) => {
  const res = await t.app.request(`/api/challenge/${ids[title]}`, {
    method: 'POST', headers: headers(token), body: JSON.stringify({ poll: { responseIndex } }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).data;
};
let n = 0;
const newUser = async () => (await signIn(t, `sharer-${(n += 1)}@example.com`)).token;

describe(`poll shares on GET /challenge/{id} (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('are null before the caller votes, then the same shares the vote answered, kept up to date', async () => {
    const [a, b] = [await newUser(), await newUser()];
    expect((await read(KIT, a)).pollShares).toBeNull();
    expect((await read(KIT)).pollShares).toBeNull();

    const voted = await vote(KIT, a, 2);
    const first = await read(KIT, a);
    expect(first.pollShares).toEqual(voted.poll);
    expect(first.pollShares).toEqual({ totalVotes: 1, options: [
      { label: 'Home green', votes: 0, percent: 0 }, { label: 'Away navy', votes: 0, percent: 0 },
      { label: 'The 1926 heritage kit', votes: 1, percent: 100 },
    ] });
    // Still hidden from callers who have not voted on an open poll.
    expect((await read(KIT, b)).pollShares).toBeNull();

    await vote(KIT, b, 0);
    expect((await read(KIT, a)).pollShares.options.map((o: { votes: number; percent: number }) => [o.votes, o.percent]))
      .toEqual([[1, 50], [0, 0], [1, 50]]);
  });

  it('are there for everyone, anonymous callers included, once a poll has closed', async () => {
    expect((await read(CLOSED_POLL)).pollShares).toEqual({ totalVotes: 0, options: [
      { label: 'Calder vs Harbour Town', votes: 0, percent: 0 }, { label: 'Ferreira vs Millbank Rovers', votes: 0, percent: 0 },
      { label: 'Mensah vs Eastgate', votes: 0, percent: 0 },
    ] });

    const voter = await newUser();
    await vote(AWAY, voter, 1);
    const id = ids[AWAY]!;
    const { expires_on } = await t.testDb.db.selectFrom('challenges').select('expires_on').where('id', '=', id).executeTakeFirstOrThrow();
    await t.testDb.db.updateTable('challenges').set({ expires_on: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    try {
      for (const token of [ANON, await newUser()]) {
        const closed = await read(AWAY, token);
        expect(closed.completed).toBe(true);
        expect(closed.pollShares).toMatchObject({ totalVotes: 1, options: [{ votes: 0 }, { votes: 1, percent: 100 }, { votes: 0 }] });
      }
    } finally {
      await t.testDb.db.updateTable('challenges').set({ expires_on }).where('id', '=', id).execute();
    }
  });

  it("are null for other subtypes (a pick'em keeps its picks to itself) and left out of the lists", async () => {
    const token = await newUser();
    await vote(DERBY, token, 1);
    expect(await read(DERBY, token)).toMatchObject({ pollResponseIndex: 1, pollShares: null });
    expect((await read('Matchday programme keyword', token)).pollShares).toBeNull();

    await vote(KIT, token, 1);
    for (const path of ['', '/type/poll']) {
      const listed = (await (await get(path, token)).json()).data;
      expect(listed.find((c: { challengeId: string }) => c.challengeId === ids[KIT])).toMatchObject({ pollResponseIndex: 1 });
      for (const c of listed) expect(c).not.toHaveProperty('pollShares');
    }
  });

  it('is documented on the Challenge schema', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    const field = doc.components.schemas.Challenge.properties.pollShares;
    expect(JSON.stringify(field)).toContain('GET /challenge/{id} only');
    expect(doc.components.schemas.Challenge.required).not.toContain('pollShares');
    expect(field.properties).toHaveProperty('totalVotes');
  });
});
