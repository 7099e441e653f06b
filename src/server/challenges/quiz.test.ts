import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { award, spend } from '../ledger/ledger.ts';
import { createChallengeTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

// The API's English texts (src/shared/i18n/messages/en/api.ts).
const SPENT_SINCE = 'You have spent the points this answer earned, so it can no longer be changed.';
const QUIZ_COMPLETED = 'You have already completed this quiz.';

// A quiz tells right from wrong, and pays, only once every question has an answer; until then an answer
// may change (spec: "Changing an answer subtracts the earlier points if it was correct and adds points if
// the new one is correct": the final answers are what the score counts). Nothing in an answer in progress,
// its body or the standing, says whether it was right, so no one can tap until "Correct" shows.
// After every step: the balance equals the sum of the supporter's ledger rows, and what the quiz holds
// in the ledger equals its score.

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => void ({ t, ids } = await createChallengeTestApp()));
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
  it('says nothing of right or wrong, and pays nothing, until the last answer; then tells, pays the score and locks', async () => {
    const { token, userId } = await newUser();
    await refused(token, HISTORY, 'colours', 0, 'That question is not part of this quiz.');
    await refused(token, HISTORY, 'ground', 3, 'Choose one of the options.');

    // A right answer and a wrong one read the same, apart from the option chosen.
    const right = await answer(token, HISTORY, 'founded', 1);
    const wrong = await answer(token, HISTORY, 'founded', 2);
    for (const [data, chosen] of [[right, 1], [wrong, 2]] as const) {
      expect(data.trivia).toEqual({ status: 'in_progress', completedAt: null, score: 0, answers: [{ questionId: 'founded', answer: chosen, correct: null }] });
      expect(data.pointsAwarded).toBe(0);
      expect(data.standing).toMatchObject({ points: 0, lifetimePoints: 0 });
      expect(data.challenge).toMatchObject({ completed: false, open: true, userResponse: { score: 0 } });
      expect(data.challenge.challengeType.questions[0].triviaUserResponse).toEqual({ responseIndex: chosen, correct: null });
    }
    const { challenge: a, ...restRight } = right;
    const { challenge: b, ...restWrong } = wrong;
    expect(JSON.stringify(restRight).replace('"answer":1', '"answer":2')).toBe(JSON.stringify(restWrong));
    expect(JSON.stringify(a).replaceAll('"responseIndex":1', '"responseIndex":2').replace('"answer":1', '"answer":2')).toBe(JSON.stringify(b));

    // Back to right, and the last question wrong: still nothing told, nothing paid.
    await answer(token, HISTORY, 'founded', 1);
    const data = await answer(token, HISTORY, 'nickname', 2);
    expect(data).toMatchObject({ pointsAwarded: 0, trivia: { status: 'in_progress', score: 0 } });
    expect(await books(userId)).toEqual({ points: 0, lifetime: 0, ledgerSum: 0, quizHolds: 0, quizKeys: [] });
    const read = (await (await t.app.request(`/api/challenge/${ids[HISTORY]}`, { headers: headers(token) })).json()).data;
    expect(read).toMatchObject({ completed: false, open: true, userResponse: { status: 'in_progress', score: 0 } });
    expect(read.challengeType.questions.map((q: { triviaUserResponse: unknown }) => q.triviaUserResponse))
      .toEqual([{ responseIndex: 1, correct: null }, null, { responseIndex: 2, correct: null }]);
    const pending = (await (await t.app.request(`/api/challenge/${ids[HISTORY]}/history`, { headers: headers(token) })).json()).data.items;
    expect(pending).toEqual([expect.objectContaining({ outcome: { status: 'pending', pointsAwarded: 0, awardedAt: null } })]);

    // The last question answered: complete, told, paid (founded changed right-wrong-right counts once), locked.
    const done = await answer(token, HISTORY, 'ground', 1);
    expect(done.trivia).toEqual({
      status: 'completed', completedAt: expect.any(String), score: 20,
      answers: [
        { questionId: 'founded', answer: 1, correct: true }, { questionId: 'ground', answer: 1, correct: true },
        { questionId: 'nickname', answer: 2, correct: false },
      ],
    });
    expect(done.pointsAwarded).toBe(20);
    expect(done.standing).toMatchObject({ points: 20, lifetimePoints: 20 });
    expect(done.challenge).toMatchObject({ completed: true, open: false });
    await refused(token, HISTORY, 'nickname', 0, QUIZ_COMPLETED);
    await refused(token, HISTORY, 'founded', 2, QUIZ_COMPLETED);
    expect(await books(userId)).toEqual({ points: 20, lifetime: 20, ledgerSum: 20, quizHolds: 20, quizKeys: ['founded:1 10', 'ground:1 10'] });

    const history = (await (await t.app.request(`/api/challenge/${ids[HISTORY]}/history`, { headers: headers(token) })).json()).data.items;
    expect(history).toEqual([expect.objectContaining({ outcome: { status: 'answered', pointsAwarded: 20, awardedAt: expect.any(String) } })]);
  });

  it('counts a right answer changed to wrong before the end as wrong, and a wrong one changed to right as right', async () => {
    const { token, userId } = await newUser();
    await answer(token, HISTORY, 'founded', 1); // right, then
    await answer(token, HISTORY, 'founded', 0); // wrong: its points are off the score
    await answer(token, HISTORY, 'ground', 2); // wrong, then
    await answer(token, HISTORY, 'ground', 1); // right: its points are on
    const done = await answer(token, HISTORY, 'nickname', 0);
    expect(done).toMatchObject({ pointsAwarded: 20, trivia: { status: 'completed', score: 20 } });
    expect(done.trivia.answers.map((x: { correct: boolean }) => x.correct)).toEqual([false, true, true]);
    expect(await books(userId)).toMatchObject({ points: 20, lifetime: 20, ledgerSum: 20, quizHolds: 20 });
  });

  it('completes a quiz once when its last two answers arrive at the same time', async () => {
    const { token, userId } = await newUser();
    expect((await answer(token, SQUAD, 'captain', 1)).pointsAwarded).toBe(0);
    const results = await Promise.all([
      answer(token, SQUAD, 'keeper', 0),
      answer(token, SQUAD, 'striker', 0),
    ]);
    expect(results.map((r) => r.trivia.status).sort()).toEqual(['completed', 'in_progress']);
    expect(results.map((r) => r.pointsAwarded).sort()).toEqual([0, 15]);
    expect(await books(userId, SQUAD)).toMatchObject({ points: 15, lifetime: 15, ledgerSum: 15, quizHolds: 15 });
  });

  it('moves nothing when changes of one answer arrive at the same time', async () => {
    const { token, userId } = await newUser();
    await answer(token, HISTORY, 'founded', 0);
    const results = await Promise.all([1, 2, 1, 3, 1, 0].map((responseIndex) => answer(token, HISTORY, 'founded', responseIndex)));
    expect(results.map((r) => r.pointsAwarded)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await books(userId)).toMatchObject({ points: 0, lifetime: 0, ledgerSum: 0, quizHolds: 0 });
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
    const chosen = new Map<string, number>();
    for (let step = 0; step < 30; step += 1) {
      // Keep one question unanswered until the last step, so the walk changes answers rather than finishing early.
      const questionId = step < 29 ? open[next(2)]! : 'nickname';
      const responseIndex = next(3);
      chosen.set(questionId, responseIndex);
      const data = await answer(token, HISTORY, questionId, responseIndex);
      const b = await books(userId);
      expect(b.points).toBe(b.ledgerSum);
      expect(b.quizHolds).toBe(data.trivia.score);
      if (step < 29) expect(data).toMatchObject({ pointsAwarded: 0, trivia: { status: 'in_progress', score: 0 } });
      else {
        // The final answers, and only they, make the score: founded 1, ground 1, nickname 0 are right.
        const right = { founded: 1, ground: 1, nickname: 0 } as Record<string, number>;
        const score = [...chosen].filter(([q, i]) => right[q] === i).length * 10;
        expect(data).toMatchObject({ pointsAwarded: score, trivia: { status: 'completed', score } });
        expect(b).toMatchObject({ points: score, lifetime: score });
      }
    }
    await refused(token, HISTORY, 'ground', 0, QUIZ_COMPLETED);
  });

  it('settles a quiz that was paid answer by answer while in progress (as Terrace once did) when it completes', async () => {
    const { token, userId } = await newUser();
    const key = (q: string, n: number) => `challenge:${ids[HISTORY]}:${q}:${n}`;
    await t.testDb.db.insertInto('trivia_answers').values({
      user_id: userId, challenge_id: ids[HISTORY]!, question_id: 'founded', response_index: 1, correct: 1, answered_at: new Date().toISOString(),
    }).execute();
    await award(t.testDb.db, { userId, amount: 10, kind: 'challenge', reference: ids[HISTORY]!, idempotencyKey: key('founded', 1) });
    // Changed to wrong: nothing moves now; the completion takes the 10 back and pays the right ones.
    expect((await answer(token, HISTORY, 'founded', 2)).pointsAwarded).toBe(0);
    await answer(token, HISTORY, 'ground', 1);
    const done = await answer(token, HISTORY, 'nickname', 0);
    expect(done).toMatchObject({ pointsAwarded: 10, trivia: { score: 20 } });
    expect(await books(userId)).toMatchObject({
      points: 20, ledgerSum: 20, quizHolds: 20, quizKeys: ['founded:1 10', 'founded:2 -10', 'ground:1 10', 'nickname:1 10'],
    });
  });

  it('refuses to complete an earlier-paid quiz whose taken-back points were spent, and keeps it open', async () => {
    const { token, userId } = await newUser();
    await t.testDb.db.insertInto('trivia_answers').values({
      user_id: userId, challenge_id: ids[HISTORY]!, question_id: 'founded', response_index: 1, correct: 1, answered_at: new Date().toISOString(),
    }).execute();
    await award(t.testDb.db, { userId, amount: 10, kind: 'challenge', reference: ids[HISTORY]!, idempotencyKey: `challenge:${ids[HISTORY]}:founded:1` });
    await spend(t.testDb.db, { userId, amount: 5, kind: 'sweepstake_entry', idempotencyKey: 'entry:quiz-test' });
    await answer(token, HISTORY, 'founded', 0);
    await answer(token, HISTORY, 'ground', 2);
    await refused(token, HISTORY, 'nickname', 2, SPENT_SINCE);
    const read = (await (await t.app.request(`/api/challenge/${ids[HISTORY]}`, { headers: headers(token) })).json()).data;
    expect(read).toMatchObject({ open: true, userResponse: { status: 'in_progress', score: 0 } });
    expect(await books(userId)).toMatchObject({ points: 5, lifetime: 10, ledgerSum: 5, quizHolds: 10 });
  });
});
