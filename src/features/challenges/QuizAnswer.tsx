import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { formatNumber } from '~/components/ui/format-number.ts';
import { pointsLabel } from '~/components/ui/points-label.ts';
import type { Challenge, TriviaStatus } from './challenges.api.ts';
import { submitAnswer, toastAward, type AwardDisplay } from './submit.ts';

/** A question as the API sends it, without the supporter's answer (that is in `status`). */
export type QuizQuestionProps = Omit<NonNullable<Challenge['challengeType']>['questions'][number], 'triviaUserResponse'>;

export interface QuizAnswerProps extends AwardDisplay {
  challengeId: string;
  questions: QuizQuestionProps[];
  /** The supporter's answers so far (the challenge's userResponse). */
  status: TriviaStatus | null;
  /** Not open, as the server says (answered, expired or not yet visible): no form. */
  closed: boolean;
}

/** A quiz, one question at a time: each answer shows right or wrong and the running score. */
export function QuizAnswer({ challengeId, questions, status: initial, closed, ...award }: QuizAnswerProps) {
  const [status, setStatus] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const answers = new Map((status?.answers ?? []).map((a) => [a.questionId, a]));
  const current = questions.find((q) => !answers.has(q.questionId));
  const finished = status?.status === 'completed' || closed || !current;
  const score = status?.score ?? 0;
  const maxScore = questions.reduce((sum, q) => sum + q.points, 0);
  const correct = status?.answers.filter((a) => a.correct).length ?? 0;
  const scoreText = award.underage
    ? `${correct} of ${questions.length} correct`
    : `${formatNumber(score, award.locale)} of ${formatNumber(maxScore, award.locale)} ${pointsLabel(maxScore, award.terms)}`;

  async function answer(questionId: string, responseIndex: number): Promise<void> {
    setBusy(true);
    setMessage('');
    const result = await submitAnswer(challengeId, { trivia: { questionId, responseIndex } });
    setBusy(false);
    if (!result.ok) return setMessage(result.message);
    if (result.data.trivia) setStatus(result.data.trivia);
    toastAward(result.data.pointsAwarded, result.data.trivia?.status === 'completed' ? 'Quiz complete' : 'Correct answer', award);
  }

  return (
    <div className="mt-4 space-y-4">
      {status && status.answers.length > 0 && (
        <ol className="space-y-2" aria-label="Your answers">
          {questions.filter((q) => answers.has(q.questionId)).map((q) => {
            const a = answers.get(q.questionId)!;
            return (
              <li key={q.questionId} className="rounded-lg bg-surface p-3 text-sm">
                <p className="font-semibold">{q.text}</p>
                <p>{q.options[a.answer]}: <strong className={a.correct ? 'text-green-700' : 'text-red-700'}>
                  {a.correct ? 'Correct' : 'Incorrect'}
                </strong></p>
              </li>
            );
          })}
        </ol>
      )}
      <p role="status" className="font-semibold">{finished ? `Final score: ${scoreText}` : `Score: ${scoreText}`}</p>
      {!finished && current && (
        <fieldset className="rounded-lg bg-surface p-4">
          <legend className="sr-only">Question {questions.indexOf(current) + 1} of {questions.length}</legend>
          <p aria-hidden="true" className="text-sm text-muted">Question {questions.indexOf(current) + 1} of {questions.length}</p>
          <p className="mt-1 text-lg font-bold">{current.text}</p>
          <ul className="mt-3 space-y-2">
            {current.options.map((label, i) => (
              <li key={label}>
                <Button variant="tertiary" className="w-full" disabled={!ready || busy}
                  onClick={() => void answer(current.questionId, i)}>{label}</Button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {message && <p role="alert" className="text-sm text-red-700">{message}</p>}
    </div>
  );
}
