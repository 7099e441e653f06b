import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { TICKET_TTL_MS } from './arcade.service.ts';

// The API's English texts (src/shared/i18n/messages/en/api.ts): unchanged, whatever the language plumbing.
const ALREADY_PLAYED = 'You have already played this game.';
const NO_TICKET = 'Start a game first: send its play ticket with the score.';
const BAD_TICKET = 'That game is not valid any more. Start a new game.';
const BAD_SCORE = 'Send the score as a whole number.';

let t: TestApp;
let id: string;
beforeAll(async () => {
  t = await createTestApp();
  id = (await t.testDb.db.selectFrom('challenges').select('id').where('title', '=', 'Keepy-uppy').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const start = (token: string, challengeId = id) =>
  t.app.request(`/api/challenge/${challengeId}/play`, { method: 'POST', headers: headers(token) });
const score = (token: string, body: unknown) =>
  t.app.request(`/api/challenge/${id}`, { method: 'POST', headers: headers(token), body: JSON.stringify(body) });
const points = async (token: string) => (await (await t.app.request('/api/user/me/points', { headers: headers(token) })).json()).data;
let n = 0;
const newUser = async () => (await signIn(t, `player-${(n += 1)}@example.com`)).token;

/** Starts a game and moves its start `secondsAgo` into the past, as if it had been played that long. */
async function playedFor(token: string, secondsAgo: number): Promise<string> {
  const res = await start(token);
  expect(res.status).toBe(201);
  const { ticket } = (await res.json()).data;
  await t.testDb.db.updateTable('arcade_plays').set({ started_at: new Date(Date.now() - secondsAgo * 1000).toISOString() })
    .where('id', '=', ticket).execute();
  return ticket;
}

async function expectRefused(res: Response, message: string, code = 'challenge_submission_failed') {
  expect(res.status).toBe(422);
  expect((await res.json()).error).toMatchObject({ code, message });
}

describe(`arcade (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it("shows the game's rules but not its rate limit", async () => {
    const { data } = await (await t.app.request(`/api/challenge/${id}`, { headers: headers() })).json();
    expect(data).toMatchObject({ subtype: 'arcade', type: 'input', completed: false });
    expect(data.game).toEqual({
      durationSeconds: 20, maxScore: 60,
      tiers: [{ minScore: 10, points: 10 }, { minScore: 20, points: 25 }, { minScore: 30, points: 50 }],
    });
  });

  it('awards the points of the tier reached, once, and completes the challenge', async () => {
    const token = await newUser();
    const ticket = await playedFor(token, 21);
    const res = await score(token, { input: { response: '23', ticket } });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({
      pointsAwarded: 25, arcade: { submittedScore: 23, score: 23, points: 25 }, challenge: { userResponse: '23', completed: true, open: false },
      standing: { points: 25, lifetimePoints: 25, rank: { name: 'P10' }, rankProgress: { percent: 25, pointsToNext: 75 } },
    });
    expect(await points(token)).toEqual({ points: 25, lifetime_points: 25 });
    await expectRefused(await score(token, { input: { response: '40', ticket } }), ALREADY_PLAYED);
    await expectRefused(await start(token), ALREADY_PLAYED);
    expect(await points(token)).toEqual({ points: 25, lifetime_points: 25 });
    const history = await (await t.app.request(`/api/challenge/${id}/history`, { headers: headers(token) })).json();
    expect(history.data.items[0].outcome).toMatchObject({ status: 'answered', pointsAwarded: 25 });
    const ledger = await (await t.app.request('/api/user/me/transactions', { headers: headers(token) })).json();
    expect(ledger.data).toEqual([expect.objectContaining({ kind: 'challenge', reference: id, title: 'Keepy-uppy', amount: 25 })]);
  });

  it('cuts a score to what the time played allows (4 a second) and to the maximum', async () => {
    const quick = await newUser();
    const early = await score(quick, { input: { response: '60', ticket: await playedFor(quick, 5) } });
    expect((await early.json()).data).toMatchObject({ arcade: { submittedScore: 60, score: 20, points: 25 }, pointsAwarded: 25 });

    const greedy = await newUser();
    const late = await score(greedy, { input: { response: '5000', ticket: await playedFor(greedy, 24) } });
    expect((await late.json()).data).toMatchObject({ arcade: { submittedScore: 5000, score: 60, points: 50 }, pointsAwarded: 50 });
    expect(await points(greedy)).toEqual({ points: 50, lifetime_points: 50 });
  });

  it('records a score below the first tier with no points', async () => {
    const token = await newUser();
    const res = await score(token, { input: { response: '9', ticket: await playedFor(token, 20) } });
    expect((await res.json()).data).toMatchObject({ pointsAwarded: 0, arcade: { score: 9, points: 0 }, challenge: { completed: true } });
    expect(await points(token)).toEqual({ points: 0, lifetime_points: 0 });
  });

  it('refuses a score without a ticket, with a bad number, or with a ticket not its own or too old', async () => {
    const token = await newUser();
    await expectRefused(await score(token, { input: { response: '30' } }), NO_TICKET);
    const ticket = await playedFor(token, 20);
    for (const bad of ['', 'ten', '-3', '1.5', '1e3']) await expectRefused(await score(token, { input: { response: bad, ticket } }), BAD_SCORE);
    await expectRefused(await score(token, { input: { response: '30', ticket: 'made-up' } }), BAD_TICKET);

    const other = await newUser();
    await expectRefused(await score(other, { input: { response: '30', ticket } }), BAD_TICKET);

    const stale = await playedFor(other, TICKET_TTL_MS / 1000 + 1);
    await expectRefused(await score(other, { input: { response: '30', ticket: stale } }), BAD_TICKET);
    expect(await points(token)).toEqual({ points: 0, lifetime_points: 0 });
    expect(await points(other)).toEqual({ points: 0, lifetime_points: 0 });
    // Refusals lose nothing: the game still counts.
    expect((await score(token, { input: { response: '30', ticket } })).status).toBe(200);
    expect(await points(token)).toEqual({ points: 50, lifetime_points: 50 });
  });

  it('counts only the newest game in flight: a new start voids the earlier ticket', async () => {
    const token = await newUser();
    const first = await playedFor(token, 20);
    const second = await playedFor(token, 20);
    for (let i = 0; i < 5; i += 1) expect((await start(token)).status).toBe(201);
    const newest = await playedFor(token, 20);
    const plays = await t.testDb.db.selectFrom('arcade_plays').select('id')
      .where('challenge_id', '=', id).where('id', 'in', [first, second, newest]).execute();
    expect(plays.map((p) => p.id)).toEqual([newest]);
    await expectRefused(await score(token, { input: { response: '30', ticket: first } }), BAD_TICKET);
    expect((await (await score(token, { input: { response: '30', ticket: newest } })).json()).data).toMatchObject({ pointsAwarded: 50 });
  });

  it('scores once when the same ticket arrives twice at once', async () => {
    const token = await newUser();
    const ticket = await playedFor(token, 20);
    const answers = await Promise.all(Array.from({ length: 10 }, () => score(token, { input: { response: '31', ticket } })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => r.status === 200 || r.status === 422)).toBe(true);
    expect(await points(token)).toEqual({ points: 50, lifetime_points: 50 });
  });

  it('plays only arcade challenges, only signed in, and starts no game after the close (one started before still counts)', async () => {
    const token = await newUser();
    const poll = (await t.testDb.db.selectFrom('challenges').select('id').where('subtype', '=', 'poll').executeTakeFirstOrThrow()).id;
    await expectRefused(await start(token, poll), 'Only arcade challenges are played.');
    await expectRefused(await score(token, { poll: { responseIndex: 0 } }), 'This is an arcade challenge: send { "input": { "response" } }.');
    expect((await start('pk_demo_terrace')).status).toBe(401);
    expect((await start(token, 'no-such-challenge')).status).toBe(404);
    const { expires_on } = await t.testDb.db.selectFrom('challenges').select('expires_on').where('id', '=', id).executeTakeFirstOrThrow();
    const late = await newUser();
    const ticket = await playedFor(late, 20);
    await t.testDb.db.updateTable('challenges').set({ expires_on: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    try {
      await expectRefused(await start(token), 'This challenge has closed.', 'challenge_closed');
      // A game started before the close is still scored.
      expect((await (await score(late, { input: { response: '12', ticket } })).json()).data).toMatchObject({ pointsAwarded: 10 });
      await expectRefused(await score(token, { poll: { responseIndex: 0 } }), 'This challenge has closed.', 'challenge_closed');
    } finally {
      await t.testDb.db.updateTable('challenges').set({ expires_on }).where('id', '=', id).execute();
    }
  });
});
