import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '~/components/ui/format-number.ts';
import { pointsText, type PointTerms } from '~/components/ui/points-label.ts';
import { ProgressBar } from '~/components/ui/ProgressBar.tsx';
import { afterAward } from '~/features/session/after-award.ts';
import { translator, type MessageId, type Messages } from '~/shared/i18n/translate.ts';
import type { TriviaStatus } from './challenges.api.ts';
import { QuizAnswerList } from './quiz-answer-list.tsx';
import { QuizQuestionForm } from './quiz-question-form.tsx';
import type { QuizRefusal } from './quiz-refusal.ts';
import { QuizResults } from './quiz-results.tsx';
import { RESPONSE_INDEX_FIELD } from './answer-form.ts';
import { sendAnswerForm } from './submit.ts';
import { quizView, type NextChallenge, type QuizQuestion } from './quiz-view.ts';

export type { QuizQuestion } from './quiz-view.ts';
export type QuizMessages = Pick<Messages, Extract<MessageId, `quiz.${string}`>>;

export interface QuizAnswerProps {
  challengeId: string;
  questions: QuizQuestion[];
  /** The supporter's answers so far (the challenge's userResponse), as the API answered them. */
  status: TriviaStatus | null;
  /** Not open, as the server says (completed, expired or not yet visible): no forms. */
  closed: boolean;
  /** The page's own address with the answer action's query, where the forms post without JavaScript. */
  action: string;
  /** One idempotency key per question's form. */
  formKeys: Record<string, string>;
  /** Where the results screen leads. */
  next: NextChallenge | null;
  allHref: string;
  /** The question just answered (after a form post: from the redirect), whose result is shown on top. */
  lastAnswered?: string | null;
  /** A refusal of a form posted without JavaScript, shown beside its form. */
  refusal?: QuizRefusal | null;
  messages: QuizMessages;
  terms: PointTerms;
  underage: boolean;
  locale: string;
}

/**
 * A quiz: one question at a time, answers that can change until the last question is answered, then the
 * results (which answers were right, the score) and the next open challenge. Until then nothing on screen
 * says right or wrong: the API does not say it either. Every form posts without JavaScript; once
 * hydrated, the island sends the same forms to the same action and the screen updates in place.
 */
export function QuizAnswer(props: QuizAnswerProps) {
  const { challengeId, questions, closed, action, formKeys, next, allHref, messages, terms, underage, locale } = props;
  const t = translator(messages, locale);
  const [status, setStatus] = useState(props.status);
  const [lastAnswered, setLastAnswered] = useState(props.lastAnswered ?? null);
  const [refusal, setRefusal] = useState(props.refusal ?? null);
  const [busy, setBusy] = useState<string | null>(null);
  // After an answer, focus moves to its result (or to the results heading): bumped per answer.
  const [answeredCount, setAnsweredCount] = useState(0);
  const result = useRef<HTMLDivElement>(null);

  const view = quizView(questions, status, closed);
  useEffect(() => {
    if (answeredCount === 0) return;
    const target = view.finished ? document.getElementById('quiz-results') : result.current;
    target?.focus();
  }, [answeredCount, view.finished]);

  async function answer(form: HTMLFormElement, questionId: string, responseIndex: number): Promise<void> {
    setBusy(questionId);
    setRefusal(null);
    const { data, refusal: refused } = await sendAnswerForm(form, t('quiz.error.generic'), { [RESPONSE_INDEX_FIELD]: String(responseIndex) });
    setBusy(null);
    if (!data) return setRefusal({ questionId, message: refused.message });
    const { trivia, standing } = data;
    if (trivia) setStatus(trivia);
    setLastAnswered(questionId);
    setAnsweredCount((n) => n + 1);
    // The answer on screen says it was saved; the toast comes with the completed quiz and what it paid.
    const complete = trivia?.status === 'completed';
    afterAward(standing, complete ? data.toast : null, { messages, locale });
  }

  const last = lastAnswered ? questions.find((q) => q.questionId === lastAnswered) : undefined;
  const lastState = last ? view.answers.get(last.questionId) : undefined;
  const currentRefusal = refusal && (refusal.questionId === null || refusal.questionId === view.current?.questionId) ? refusal.message : null;
  const list = (
    <QuizAnswerList challengeId={challengeId} view={view} action={action} formKeys={formKeys} busy={busy} refusal={refusal} onAnswer={(f, q, i) => void answer(f, q, i)}
      t={t} terms={terms} underage={underage} locale={locale} />
  );

  return (
    <div className="mt-6 space-y-6">
      {!view.finished && (
        <div className="space-y-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm font-semibold">
            <span>{t('quiz.progress', { number: formatNumber(view.number, locale), total: formatNumber(questions.length, locale) })}</span>
            {!underage && view.maxScore > 0 && <span className="text-muted">{t('quiz.upTo', { total: pointsText(view.maxScore, terms, locale) })}</span>}
          </div>
          <ProgressBar percent={view.percentAnswered} label={t('quiz.progressLabel')} />
        </div>
      )}
      {last && lastState && !view.finished && (
        // The same words for a right and a wrong answer: which is which is told once the quiz is complete.
        <div id="quiz-result" ref={result} tabIndex={-1} role="status"
          className="rounded-lg bg-surface p-3 font-semibold shadow-sm ring-1 ring-black/5 outline-none focus-visible:outline-2 focus-visible:outline-primary">
          <span>
            <span className="block">{t('quiz.result.saved')}</span>
            {/* The next question is already below: this says which one the result was for. */}
            <span className="mt-0.5 block text-sm font-normal">
              {last.text} {t('quiz.yourAnswer', { answer: last.options[lastState.answer] ?? '' })}
            </span>
          </span>
        </div>
      )}
      {view.finished && <QuizResults view={view} total={questions.length} next={next} allHref={allHref} t={t} terms={terms} underage={underage} locale={locale} />}
      {view.current && (
        <div className="rounded-xl bg-surface p-4 shadow-sm ring-1 ring-black/5">
          <QuizQuestionForm key={view.current.questionId} challengeId={challengeId} question={view.current} action={action} formKey={formKeys[view.current.questionId] ?? ''}
            busy={busy !== null} onAnswer={(f, q, i) => void answer(f, q, i)} t={t} />
          {currentRefusal && <p role="alert" className="mt-3 text-sm font-semibold text-red-800">{currentRefusal}</p>}
        </div>
      )}
      {busy && <p className="sr-only" role="status">{t('quiz.sending')}</p>}
      {view.answered.length > 0 && list}
    </div>
  );
}
