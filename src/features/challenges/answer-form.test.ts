import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import en from '~/shared/i18n/messages/en.ts';
import es from '~/shared/i18n/messages/es.ts';
import { translator } from '~/shared/i18n/translate.ts';
import { awardToast, newRankOf } from '~/features/session/award-toast.ts';
import { submissionOf, submitterIndex } from './answer-form.ts';
import { answerToast, refusalMessage } from './answer-messages.ts';
import { quizToast } from './quiz-toast.ts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe('the answer form contract', () => {
  it('maps a poll vote and a pick to { poll: { responseIndex } }', () => {
    expect(submissionOf(form({ answer: 'poll', responseIndex: '0' }))).toEqual({ poll: { responseIndex: 0 } });
    expect(submissionOf(form({ answer: 'poll', responseIndex: '12', idempotencyKey: 'k' }))).toEqual({ poll: { responseIndex: 12 } });
  });

  it('maps a keyword or feedback to { input: { response } }, the text as typed (the API trims and judges it)', () => {
    expect(submissionOf(form({ answer: 'input', response: ' Lamplighter ' }))).toEqual({ input: { response: ' Lamplighter ' } });
    expect(submissionOf(form({ answer: 'input', response: '' }))).toEqual({ input: { response: '' } });
  });

  it('maps a quiz answer to { trivia: { questionId, responseIndex } }', () => {
    expect(submissionOf(form({ answer: 'trivia', questionId: 'founded', responseIndex: '1' })))
      .toEqual({ trivia: { questionId: 'founded', responseIndex: 1 } });
  });

  it('refuses a form that breaks the contract', () => {
    for (const fields of [
      {}, { answer: 'poll' }, { answer: 'poll', responseIndex: '-1' }, { answer: 'poll', responseIndex: '1e1' },
      { answer: 'poll', responseIndex: ' 1' }, { answer: 'poll', responseIndex: '0x1' }, { answer: 'poll', responseIndex: '99999' },
      { answer: 'input' }, { answer: 'input', response: 'x'.repeat(10_001) },
      { answer: 'trivia', responseIndex: '1' }, { answer: 'trivia', questionId: ' ', responseIndex: '1' },
      { answer: 'trivia', questionId: 'q', responseIndex: 'one' }, { answer: 'arcade', response: '60' }, { answer: '__proto__' },
    ]) {
      expect(submissionOf(form(fields)), JSON.stringify(fields)).toBeUndefined();
    }
    const file = new FormData();
    file.append('answer', 'input');
    file.append('response', new Blob(['x']), 'x.txt');
    expect(submissionOf(file)).toBeUndefined();
  });

  it("reads the index of the button that sent the form", () => {
    const button = (value: string) => ({ submitter: { value } }) as unknown as Event;
    expect(submitterIndex(button('2'))).toBe(2);
    expect(submitterIndex(button(''))).toBeUndefined();
    expect(submitterIndex({ submitter: null } as unknown as Event)).toBeUndefined();
  });
});

describe('what an answer says', () => {
  const display = { t: translator(en, 'en'), terms: DEFAULT_POINT_TERMS, underage: false, locale: 'en' };
  const options = [{ label: 'Home win', points: 20 }, { label: 'Draw', points: 30 }];

  it('toasts the points earned over what was done; under-18s see no points', () => {
    expect(answerToast({ subtype: 'poll', options: [] }, { poll: { responseIndex: 0 } }, { pointsAwarded: 1020 }, display))
      .toEqual({ title: '+1,020 points', description: 'Thanks for voting' });
    expect(answerToast({ subtype: 'keyword', options: [] }, { input: { response: 'x' } }, { pointsAwarded: 1 }, display))
      .toEqual({ title: '+1 point', description: 'Keyword found' });
    expect(answerToast({ subtype: 'feedback', options: [] }, { input: { response: 'x' } }, { pointsAwarded: 25 }, { ...display, underage: true }))
      .toEqual({ title: 'Thanks for your feedback' });
  });

  it("says a pick'em pick is saved (it earns at the final whistle)", () => {
    expect(answerToast({ subtype: 'pickem', options }, { poll: { responseIndex: 1 } }, { pointsAwarded: 0 }, display))
      .toEqual({ title: 'Pick saved', description: 'Your pick: Draw. You can change it until kick-off.' });
  });

  it('says a quiz answer is saved, and the quiz complete with its points', () => {
    const trivia = { questionId: 'q', responseIndex: 0 };
    expect(answerToast({ subtype: 'trivia', options: [] }, { trivia }, { pointsAwarded: 0 }, display)).toEqual({ title: 'Answer saved' });
    const done = { status: 'completed' as const, completedAt: '2026-01-01T00:00:00.000Z', score: 20, answers: [] };
    expect(answerToast({ subtype: 'trivia', options: [] }, { trivia }, { pointsAwarded: 20, trivia: done }, display))
      .toEqual({ title: '+20 points', description: 'Quiz complete' });
  });

  it('says a quiz answer in progress is saved, the same right or wrong, and the completed quiz with what it paid', () => {
    const progress = { status: 'in_progress' as const, completedAt: null, score: 0, answers: [{ questionId: 'q', answer: 1, correct: null }] };
    expect(quizToast({ pointsAwarded: 0, trivia: progress }, display.t, display)).toEqual({ title: 'Answer saved' });
    const done = { status: 'completed' as const, completedAt: '2026-01-01T00:00:00.000Z', score: 20, answers: [] };
    expect(quizToast({ pointsAwarded: 20, trivia: done }, display.t, display)).toEqual({ title: '+20 points', description: 'Quiz complete' });
    expect(quizToast({ pointsAwarded: 20, trivia: done }, display.t, { ...display, underage: true })).toEqual({ title: 'Quiz complete' });
  });

  it('says a level-up in the one toast of an answer posted without JavaScript', () => {
    const standing = { rank: { name: 'P9', title: null, perk: null } };
    const toast = answerToast({ subtype: 'poll', options: [] }, { poll: { responseIndex: 0 } }, { pointsAwarded: 20 }, display);
    expect(awardToast(toast, newRankOf({ rank: { name: 'P10' } }, standing), display.t))
      .toEqual({ title: 'You reached P9! +20 points', description: 'Thanks for voting' });
    expect(awardToast(toast, newRankOf({ rank: { name: 'P9' } }, standing), display.t))
      .toEqual({ title: '+20 points', description: 'Thanks for voting' });
  });

  it('speaks Spanish on a Spanish page', () => {
    const spanish = { ...display, t: translator(es, 'es'), terms: { ...DEFAULT_POINT_TERMS, pointTerm: 'punto', pointsTerm: 'puntos' }, locale: 'es' };
    expect(answerToast({ subtype: 'poll', options: [] }, { poll: { responseIndex: 0 } }, { pointsAwarded: 20 }, spanish))
      .toEqual({ title: '+20 puntos', description: 'Gracias por votar' });
    expect(refusalMessage({ code: 'challenge_submission_failed', message: 'That is not the keyword. Try again.' }, 'keyword', spanish.t))
      .toBe('Esa no es la palabra clave. Inténtalo de nuevo.');
  });

  it('words known refusals in the page language, else shows the API message, else a generic one', () => {
    const { t } = display;
    expect(refusalMessage({ code: 'challenge_closed', message: 'x' }, 'poll', t)).toBe('This challenge has closed.');
    expect(refusalMessage({ code: 'rate_limited', message: 'Try again in 5 minutes.' }, 'keyword', t)).toBe('Try again in 5 minutes.');
    expect(refusalMessage({ code: 'internal_error', message: 'Boom' }, 'poll', t)).toBe('Something went wrong. Please try again.');
    expect(refusalMessage(undefined, 'poll', t)).toBe('Something went wrong. Please try again.');
  });
});
