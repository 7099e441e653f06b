import { describe, expect, it } from 'vitest';
import type { ChallengeResponseTable, ChallengeTable, TriviaAnswerTable } from './challenge.table.ts';
import { toView } from './challenge.view.ts';

// `open` is computed once, here: every page and island shows it and reckons nothing of its own.
const NOW = new Date('2026-11-22T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

function challenge(overrides: Partial<ChallengeTable>): ChallengeTable {
  return {
    id: 'c1', organization_id: 'o1', type: 'poll', subtype: 'poll', title: 'T', description: '', hint: null, value: 10,
    media_id: null, visible_from: at(-HOUR), expires_on: at(HOUR), options: JSON.stringify([{ label: 'A' }, { label: 'B' }]),
    answer: null, questions: '[]', game: null, created_at: at(-2 * HOUR), ...overrides,
  };
}
const response = (index: number | null, text: string | null = null): ChallengeResponseTable => ({
  id: 'r1', user_id: 'u1', challenge_id: 'c1', response_index: index, response_text: text, created_at: at(-1000),
});
const QUESTIONS = JSON.stringify([
  { questionId: 'q1', text: 'One?', options: ['a', 'b'], correctIndex: 0, points: 5 },
  { questionId: 'q2', text: 'Two?', options: ['a', 'b'], correctIndex: 1, points: 5 },
]);
const triviaAnswer = (questionId: string): TriviaAnswerTable => ({
  user_id: 'u1', challenge_id: 'c1', question_id: questionId, response_index: 0, correct: 1, answered_at: at(-1000),
});

describe('whether a challenge is open, decided by the server', () => {
  it('an unanswered poll is open, and closesAt is its expiry', () => {
    expect(toView(challenge({}), NOW, undefined, [])).toMatchObject({ open: true, closesAt: at(HOUR), completed: false });
  });

  it('a poll the caller answered is closed to them', () => {
    expect(toView(challenge({}), NOW, response(0), [])).toMatchObject({ open: false, completed: true });
  });

  it('a quiz partly answered stays open; fully answered it closes', () => {
    const quiz = challenge({ type: 'trivia', subtype: 'trivia', options: '[]', questions: QUESTIONS });
    expect(toView(quiz, NOW, undefined, [triviaAnswer('q1')])).toMatchObject({ open: true, completed: false });
    expect(toView(quiz, NOW, undefined, [triviaAnswer('q1'), triviaAnswer('q2')])).toMatchObject({ open: false, completed: true });
  });

  it('closes at its expiry to the millisecond, answered or not', () => {
    expect(toView(challenge({ expires_on: at(1) }), NOW, undefined, []).open).toBe(true);
    expect(toView(challenge({ expires_on: NOW.toISOString() }), NOW, undefined, []).open).toBe(false);
    expect(toView(challenge({ expires_on: at(-HOUR) }), NOW, undefined, []).open).toBe(false);
  });

  it('never closes without an expiry (closesAt null) until answered', () => {
    expect(toView(challenge({ expires_on: null }), NOW, undefined, [])).toMatchObject({ open: true, closesAt: null });
  });

  it("a pick'em picked before kick-off is still open (the pick can change), though `completed` says picked", () => {
    const match = challenge({ subtype: 'pickem', expires_on: at(HOUR) });
    expect(toView(match, NOW, response(1), [], null)).toMatchObject({ open: true, completed: true, closesAt: at(HOUR) });
    expect(toView(match, NOW, undefined, [], null)).toMatchObject({ open: true, completed: false });
  });

  it("a pick'em with an outcome is closed, even before kick-off; after kick-off it is closed without one", () => {
    const match = challenge({ subtype: 'pickem', expires_on: at(HOUR) });
    expect(toView(match, NOW, response(1), [], 0).open).toBe(false);
    expect(toView(match, NOW, undefined, [], 0).open).toBe(false);
    expect(toView(challenge({ subtype: 'pickem', expires_on: at(-1) }), NOW, response(1), [], null).open).toBe(false);
  });

  it('is not open before it becomes visible', () => {
    expect(toView(challenge({ visible_from: at(1) }), NOW, undefined, []).open).toBe(false);
    expect(toView(challenge({ visible_from: NOW.toISOString() }), NOW, undefined, []).open).toBe(true);
  });
});
