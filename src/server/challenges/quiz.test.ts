import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spend } from '../ledger/ledger.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

// The API's English texts (src/lib/i18n/messages/en/api.ts).
const SPENT_SINCE = 'You have spent the points this answer earned, so it can no longer be changed.';
const QUIZ_COMPLETED = 'You have already completed this quiz.';

// Quizzes pay as they are answered (spec: "Changing an answer subtracts the earlier points if it was
// correct and adds points if the new one is correct"), and lock once every question has an answer.
// After every step: the balance equals the sum of the supporter's ledger rows, and what the quiz holds
// in the ledger equals its score.

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.testDb.db.selectFrom('challenges').select(['id', 'title']).execute();
  ids = Object.fromEntries(rows.map((r) => [r.title, r.id]));
});
afterAll(() => t.close());

const HISTORY = 'Terrace FC history quiz'; // founded (right: 1), ground (1), nickname (0): 10 points each
const SQUAD = 'Squad numbers quiz'; // captain (1), keeper (0), striker (0): 5 points each

let n = 0;
async function newUser(): Promise<{ token: string; userId: string }> {
  const email = `quizzer-${(n += 1)}@example.com`;
  const { token } = await signIn(t, email);
  const { id } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token, userId: id };
}

const post = (id: string, token: string, body: unknown) =>
  t.app.request(`/api/challenge/${id}`, { method: 'POST', headers: headers(token), body: JSON.stringify(body) });

async function answer(token: string, quiz: string, questionId: string, responseIndex: number) {
  const res = await post(ids[quiz]!, token, { trivia: { questionId, responseIndex } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).data;
}

async function refused(token: string, quiz: string, questionId: string, responseIndex: number, message: string) {
  const res = await post(ids[quiz]!, token, { trivia: { questionId, responseIndex } });
  expect(res.status).toBe(422);
  const { error } = await res.json();
  expect(error).toMatchObject({ code: 'challenge_submission_failed', message });
}

/** The balances, and the ledger as the balances must agree with it. */
async function books(userId: string, quiz = HISTORY) {
  const user = await t.testDb.db.selectFrom('users').select(['points', 'lifetime_points']).where('id', '=', userId).executeTakeFirstOrThrow();
  const rows = await t.testDb.db.selectFrom('ledger_entries').select(['amount', 'reference', 'idempotency_key'])
    .where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  const sum = (list: typeof rows) => list.reduce((s, r) => s + Number(r.amount), 0);
  const held = rows.filter((r) => r.reference === ids[quiz]);
  return {
    points: Number(user.points), lifetime: Number(user.lifetime_points), ledgerSum: sum(rows), quizHolds: sum(held),
    // Sorted: two rows written in the same millisecond have no order of their own (keys sort in write order per question).
    quizKeys: held.map((r) => `${r.idempotency_key.slice(`challenge:${ids[quiz]}:`.length)} ${Number(r.amount)}`).sort(),
  };
}

describe(`quizzes (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('pays a right answer as it is given, takes it back when changed to wrong, pays again when changed back, and locks once complete', async () => {
    const { token, userId } = await newUser();
    await refused(token, HISTORY, 'colours', 0, 'That question is not part of this quiz.');
    await refused(token, HISTORY, 'ground', 3, 'Choose one of the options.');

    let data = await answer(token, HISTORY, 'founded', 1);
    expect(data.trivia).toEqual({ status: 'in_progress', completedAt: null, score: 10, answers: [{ questionId: 'founded', answer: 1, correct: true }] });
    expect(data.pointsAwarded).toBe(10);
    expect(data.standing).toMatchObject({ points: 10, lifetimePoints: 10 });
    expect(data.challenge).toMatchObject({ completed: false, open: true });
    expect(await books(userId)).toMatchObject({ points: 10, lifetime: 10, ledgerSum: 10, quizHolds: 10 });

    // Right to wrong: exactly what was added is subtracted, from the lifetime total too (no rank is earned by flipping).
    data = await answer(token, HISTORY, 'founded', 2);
    expect(data.trivia).toMatchObject({ status: 'in_progress', score: 0, answers: [{ questionId: 'founded', answer: 2, correct: false }] });
    expect(data.pointsAwarded).toBe(-10);
    expect(data.standing).toMatchObject({ points: 0, lifetimePoints: 0 });
    // Wrong to another wrong: nothing moves.
    data = await answer(token, HISTORY, 'founded', 3);
    expect(data.pointsAwarded).toBe(0);
    // Wrong to right: added again.
    data = await answer(token, HISTORY, 'founded', 1);
    expect(data).toMatchObject({ pointsAwarded: 10, trivia: { score: 10 } });
    // The same right answer again: nothing more.
    data = await answer(token, HISTORY, 'founded', 1);
    expect(data.pointsAwarded).toBe(0);
    data = await answer(token, HISTORY, 'nickname', 2);
    expect(data).toMatchObject({ pointsAwarded: 0, trivia: { status: 'in_progress', score: 10 } });
    expect(await books(userId)).toEqual({
      points: 10, lifetime: 10, ledgerSum: 10, quizHolds: 10, quizKeys: ['founded:1 10', 'founded:2 -10', 'founded:3 10'],
    });

    const read = (await (await t.app.request(`/api/challenge/${ids[HISTORY]}`, { headers: headers(token) })).json()).data;
    expect(read).toMatchObject({ completed: false, open: true, userResponse: { status: 'in_progress', score: 10 } });
    expect(read.challengeType.questions.map((q: { triviaUserResponse: unknown }) => q.triviaUserResponse))
      .toEqual([{ responseIndex: 1, correct: true }, null, { responseIndex: 2, correct: false }]);

    // The last question answered: complete, and every answer locks.
    data = await answer(token, HISTORY, 'ground', 1);
    expect(data.trivia).toEqual({
      status: 'completed', completedAt: expect.any(String), score: 20,
      answers: [
        { questionId: 'founded', answer: 1, correct: true }, { questionId: 'ground', answer: 1, correct: true },
        { questionId: 'nickname', answer: 2, correct: false },
      ],
    });
    expect(data.pointsAwarded).toBe(10);
    expect(data.challenge).toMatchObject({ completed: true, open: false });
    await refused(token, HISTORY, 'nickname', 0, QUIZ_COMPLETED);
    await refused(token, HISTORY, 'founded', 2, QUIZ_COMPLETED);
    expect(await books(userId)).toMatchObject({ points: 20, lifetime: 20, ledgerSum: 20, quizHolds: 20 });

    // The history says what the quiz earned in all, and the ledger's rows name the quiz, taken-back one included.
    const history = (await (await t.app.request(`/api/challenge/${ids[HISTORY]}/history`, { headers: headers(token) })).json()).data.items;
    expect(history).toEqual([expect.objectContaining({ outcome: { status: 'answered', pointsAwarded: 20, awardedAt: expect.any(String) } })]);
    const transactions = (await (await t.app.request('/api/user/me/transactions', { headers: headers(token) })).json()).data;
    expect(transactions.map((e: { amount: number; kind: string }) => `${e.kind} ${e.amount}`).sort())
      .toEqual(['challenge -10', 'challenge 10', 'challenge 10', 'challenge 10']);
  });

  it('refuses to change a right answer whose points were spent since, and keeps the answer', async () => {
    const { token, userId } = await newUser();
    await answer(token, HISTORY, 'founded', 1);
    await spend(t.testDb.db, { userId, amount: 5, kind: 'sweepstake_entry', idempotencyKey: 'entry:quiz-test' });
    await refused(token, HISTORY, 'founded', 0, SPENT_SINCE);
    const read = (await (await t.app.request(`/api/challenge/${ids[HISTORY]}`, { headers: headers(token) })).json()).data;
    expect(read.userResponse).toMatchObject({ score: 10, answers: [{ questionId: 'founded', answer: 1, correct: true }] });
    expect(await books(userId)).toMatchObject({ points: 5, lifetime: 10, ledgerSum: 5, quizHolds: 10 });
  });

  it('completes a quiz once when its last two answers arrive at the same time', async () => {
    const { token, userId } = await newUser();
    expect((await answer(token, SQUAD, 'captain', 1)).pointsAwarded).toBe(5);
    const results = await Promise.all([
      answer(token, SQUAD, 'keeper', 0),
      answer(token, SQUAD, 'striker', 0),
    ]);
    expect(results.map((r) => r.trivia.status).sort()).toEqual(['completed', 'in_progress']);
    expect(results.map((r) => r.pointsAwarded)).toEqual([5, 5]);
    expect(await books(userId, SQUAD)).toMatchObject({ points: 15, lifetime: 15, ledgerSum: 15, quizHolds: 15 });
  });

  it('keeps the books right when changes of one answer arrive at the same time', async () => {
    const { token, userId } = await newUser();
    await answer(token, HISTORY, 'founded', 0);
    const sent = [1, 2, 1, 3, 1, 0].map((responseIndex) => answer(token, HISTORY, 'founded', responseIndex));
    const results = await Promise.all(sent);
    const read = (await (await t.app.request(`/api/challenge/${ids[HISTORY]}`, { headers: headers(token) })).json()).data;
    const final = read.userResponse.score;
    const moved = results.reduce((s, r) => s + r.pointsAwarded, 0);
    expect(moved).toBe(final);
    expect(await books(userId)).toMatchObject({ points: final, lifetime: final, ledgerSum: final, quizHolds: final });
  });

  it('keeps the balance equal to the ledger and the quiz to its score through a long walk of answers', async () => {
    const { token, userId } = await newUser();
    // A fixed walk (mulberry32 from a fixed seed): the same on every run and database.
    let seed = 7;
    const next = (below: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) % below;
    };
    const open = ['founded', 'ground', 'nickname'];
    let paid = 0;
    let changes = 0;
    for (let step = 0; step < 30; step += 1) {
      // Keep one question unanswered until the last step, so the walk changes answers rather than finishing early.
      const questionId = step < 29 ? open[next(2)]! : 'nickname';
      const data = await answer(token, HISTORY, questionId, next(3));
      paid += data.pointsAwarded;
      if (data.pointsAwarded < 0) changes += 1;
      const b = await books(userId);
      expect(b.points).toBe(b.ledgerSum);
      expect(b.lifetime).toBe(b.ledgerSum);
      expect(b.quizHolds).toBe(data.trivia.score);
      expect(paid).toBe(data.trivia.score);
    }
    expect(changes).toBeGreaterThan(2);
    await refused(token, HISTORY, 'ground', 0, QUIZ_COMPLETED);
  });

  it('settles answers saved before quizzes paid as they went on the next answer', async () => {
    const { token, userId } = await newUser();
    await t.testDb.db.insertInto('trivia_answers').values({
      user_id: userId, challenge_id: ids[HISTORY]!, question_id: 'founded', response_index: 1, correct: 1, answered_at: new Date().toISOString(),
    }).execute();
    const data = await answer(token, HISTORY, 'nickname', 0);
    expect(data).toMatchObject({ pointsAwarded: 20, trivia: { score: 20 } });
    expect(await books(userId)).toMatchObject({ points: 20, ledgerSum: 20, quizKeys: ['founded:1 10', 'nickname:1 10'] });
  });
});
