import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import { loadMessages, pickMessages } from '~/shared/i18n/translate.ts';
import type { Challenge } from './challenges.api.ts';
import { QuizAnswer, type QuizAnswerProps } from './QuizAnswer.tsx';
import { nextChallenge } from './quiz-next.ts';

const questions = [
  { questionId: 'a', text: 'Founded?', options: ['1888', '1902'], points: 10 },
  { questionId: 'b', text: 'Ground?', options: ['Harbour Road', 'Ironside Road'], points: 5 },
  { questionId: 'c', text: 'Nickname?', options: ['The Ironsiders', 'The Greens'], points: 5 },
];
const KEY = '0f7c2a6e-5b1d-4c3a-9e8f-7a6b5c4d3e2f';

async function render(overrides: Partial<QuizAnswerProps> & { lang?: 'en' | 'es' } = {}): Promise<string> {
  const { lang = 'en', ...rest } = overrides;
  const props: QuizAnswerProps = {
    challengeId: 'quiz-1', questions, status: null, closed: false, action: '/challenges/quizzes/quiz-1?_action=challenges.answer',
    formKeys: { a: KEY, b: KEY, c: KEY }, next: { title: 'Player of the Month', href: '/challenges/polls/p1', points: 20 }, allHref: '/challenges',
    messages: pickMessages(await loadMessages(lang), 'quiz.'), terms: lang === 'es' ? { pointTerm: 'punto', pointsTerm: 'puntos', asXp: false } : DEFAULT_POINT_TERMS, underage: false, locale: lang, ...rest,
  };
  return renderToStaticMarkup(<QuizAnswer {...props} />);
}

// In progress, the API tells nothing of right or wrong (score 0, correct null).
const inProgress = {
  status: 'in_progress' as const, completedAt: null, score: 0,
  answers: [{ questionId: 'a', answer: 1, correct: null }, { questionId: 'b', answer: 0, correct: null }],
};
const completed = {
  status: 'completed' as const, completedAt: '2026-11-22T20:33:00.000Z', score: 15,
  answers: [{ questionId: 'a', answer: 1, correct: true }, { questionId: 'b', answer: 1, correct: true }, { questionId: 'c', answer: 1, correct: false }],
};

describe('QuizAnswer', () => {
  it('asks the first question as a form that posts without JavaScript', async () => {
    const html = await render();
    expect(html).toMatch(/<form (action="\/challenges\/quizzes\/quiz-1\?_action=challenges.answer" method="post"|method="post" action="\/challenges\/quizzes\/quiz-1\?_action=challenges.answer")>/);
    expect(html).toContain('<input type="hidden" name="challenge" value="quiz-1"/>');
    expect(html).toContain('<input type="hidden" name="answer" value="trivia"/>');
    expect(html).toContain('<input type="hidden" name="questionId" value="a"/>');
    expect(html).toContain(`<input type="hidden" name="idempotencyKey" value="${KEY}"/>`);
    expect(html).toMatch(/<button type="submit" value="1"[^>]*name="responseIndex"><span>1902<\/span><\/button>/);
    // Usable before hydration: nothing is disabled.
    expect(html).not.toContain('disabled');
    expect(html).toContain('Question 1 of 3');
    expect(html).toContain('Up to 20 points');
  });

  it('shows each answer saved, with no hint of right or wrong, and a way to change it', async () => {
    const html = await render({ status: inProgress, lastAnswered: 'b' });
    expect(html).toContain('Question 3 of 3');
    expect(html).toContain('Answer saved. You will see which answers are right when you answer the last question.');
    expect(html).toContain('Your answer: 1902');
    expect(html).not.toMatch(/Correct|Incorrect|Not this time|Score|green|red-100/);
    expect(html.match(/<details/g)).toHaveLength(2);
    expect(html).toContain('Change answer');
    expect(html).toContain('You can change your answers until you answer the last question.');
    // The change form marks the answer given; the next question is the current one.
    expect(html).toMatch(/value="1"[^>]*><span>1902<\/span><span[^>]*>your answer<\/span>/);
    expect(html).toContain('<input type="hidden" name="questionId" value="c"/>');
  });

  it('says the same of every answer until the end, and no points to under-18s', async () => {
    const first = await render({ status: inProgress, lastAnswered: 'a' });
    const second = await render({ status: inProgress, lastAnswered: 'b' });
    expect(first.replace('Founded? Your answer: 1902', '')).toBe(second.replace('Ground? Your answer: Harbour Road', ''));
    expect(await render({ status: inProgress, lastAnswered: 'a', underage: true })).not.toContain('points');
  });

  it('ends on the results: the score, the right answers, locked answers and the next open challenge', async () => {
    const html = await render({ status: completed, closed: true });
    expect(html).toContain('Quiz complete');
    expect(html).toContain('15 of 20 points');
    expect(html).toContain('2 of 3 answers correct');
    expect(html).toContain('Correct<span class="font-semibold">· +10 points</span>');
    expect(html).toContain('Incorrect');
    expect(html).toContain('Your answers are final.');
    expect(html).toContain('href="/challenges/polls/p1"');
    expect(html).toContain('Player of the Month');
    expect(html).toContain('See all challenges');
    expect(html).not.toContain('<form');
    expect(html).not.toContain('<details');
    const none = await render({ status: completed, closed: true, next: null });
    expect(none).toContain('You have answered every open challenge.');
    const young = await render({ status: completed, closed: true, underage: true });
    expect(young).toContain('2 of 3 answers correct');
    expect(young).not.toContain('points');
  });

  it('speaks Spanish, with the club content as written', async () => {
    const html = await render({ status: inProgress, lastAnswered: 'a', lang: 'es' });
    expect(html).toContain('Pregunta 3 de 3');
    expect(html).toContain('Hasta 20 puntos');
    expect(html).toContain('Respuesta guardada. Verás qué respuestas son correctas cuando respondas la última pregunta.');
    expect(html).toContain('Cambiar respuesta');
    expect(html).toContain('Tu respuesta: 1902');
    expect(html).toContain('Nickname?');
    const done = await render({ status: completed, closed: true, lang: 'es' });
    expect(done).toContain('¡Cuestionario completado!');
    expect(done).toContain('2 de 3 respuestas correctas');
    expect(done).toContain('Correcta');
    expect(done).toContain('Siguiente reto');
  });

  it('says a quiz that closed before its last answer earned nothing, and no score', async () => {
    const html = await render({ status: inProgress, closed: true });
    expect(html).toContain('This quiz has closed');
    expect(html).toContain('It closed before every question had an answer, so it earned nothing.');
    expect(html).not.toMatch(/Your score|answers correct|Correct|Incorrect/);
  });

  it('shows a refused answer beside its form', async () => {
    const html = await render({ status: inProgress, refusal: { questionId: 'b', message: 'This quiz has closed.' } });
    expect(html).toMatch(/<details[^>]* open=""/);
    expect(html).toContain('role="alert"');
    expect(html).toContain('This quiz has closed.');
  });
});

describe('nextChallenge', () => {
  const c = (challengeId: string, extra: Partial<Challenge> = {}) => ({
    challengeId, type: 'poll', subtype: 'poll', title: challengeId, value: 10, open: true, pollResponseIndex: null, userResponse: null, ...extra,
  }) as Challenge;

  it('leads to the newest open challenge not yet touched, never this quiz or the feedback prompt', () => {
    const list = [
      c('this-quiz', { type: 'trivia', subtype: 'trivia' }),
      c('feedback', { type: 'input', subtype: 'feedback' }),
      c('picked', { subtype: 'pickem', pollResponseIndex: 0 }),
      c('closed', { open: false }),
      c('poll'),
    ];
    expect(nextChallenge(list, 'this-quiz')).toEqual({ title: 'poll', href: '/challenges/polls/poll', points: 10 });
    // A pick'em already picked is done, though still open: not "next".
    expect(nextChallenge(list.slice(0, 4), 'this-quiz')).toBeNull();
    expect(nextChallenge(list.slice(0, 2), 'this-quiz')).toBeNull();
  });
});
