import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

// A poll's tally is kept as votes arrive, in counter rows spread over shards (issue 22, item 4): exact
// under concurrent votes, and read from a few rows rather than by counting every vote.

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const VOTERS = 40;

describe(`poll tallies (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('count every one of many concurrent votes exactly once, and the shares say so', async () => {
    const poll = await t.testDb.db.selectFrom('challenges').select(['id', 'options']).where('title', '=', 'Boxing Day kit').executeTakeFirstOrThrow();
    const tokens = await Promise.all(Array.from({ length: VOTERS }, async (_, i) => (await signIn(t, `tally-${i}@example.com`)).token));
    const vote = (token: string, i: number) => t.app.request(`/api/challenge/${poll.id}`, {
      method: 'POST', headers: headers(token), body: JSON.stringify({ poll: { responseIndex: i % 3 } }),
    });
    const answers = await Promise.all(tokens.map((token, i) => vote(token, i)));
    expect(answers.map((r) => r.status)).toEqual(tokens.map(() => 200));
    // A second vote by the same supporters is refused and counts for nothing.
    expect((await Promise.all(tokens.slice(0, 5).map((token) => vote(token, 1)))).map((r) => r.status)).toEqual([422, 422, 422, 422, 422]);

    const shares = (await (await t.app.request(`/api/challenge/${poll.id}`, { headers: headers(tokens[0]) })).json()).data.pollShares;
    expect(shares.totalVotes).toBe(VOTERS);
    expect(shares.options.map((o: { votes: number }) => o.votes)).toEqual([14, 13, 13]);
    const counted = await t.testDb.db.selectFrom('challenge_responses').select(['response_index', (eb) => eb.fn.countAll<number>().as('n')])
      .where('challenge_id', '=', poll.id).groupBy('response_index').orderBy('response_index').execute();
    expect(counted.map((r) => Number(r.n))).toEqual([14, 13, 13]);
    // Several counter rows per option: votes did not all queue on one.
    const rows = await t.testDb.db.selectFrom('poll_tallies').select('shard').where('challenge_id', '=', poll.id).execute();
    expect(rows.length).toBeGreaterThan(3);
    // Each vote answers with the tally its transaction saw: its own vote in, never a vote counted twice.
    const seen = await Promise.all(answers.map(async (r) => (await r.json()).data.poll.totalVotes as number));
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...seen)).toBeLessThanOrEqual(VOTERS);
  });
});
