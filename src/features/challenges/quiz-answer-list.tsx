import { Icon } from '~/components/ui/Icon.tsx';
import { pointsText, type PointTerms } from '~/components/ui/points-label.ts';
import type { Translate } from '~/shared/i18n/translate.ts';
import { QuizQuestionForm } from './quiz-question-form.tsx';
import type { QuizRefusal } from './quiz-refusal.ts';
import type { QuizView } from './quiz-view.ts';

export interface QuizAnswerListProps {
  view: QuizView;
  challengeId: string;
  action: string;
  formKeys: Record<string, string>;
  busy: string | null;
  refusal: QuizRefusal | null;
  onAnswer: (form: HTMLFormElement, questionId: string, responseIndex: number) => void;
  t: Translate;
  terms: PointTerms;
  underage: boolean;
  locale: string;
}

/** The questions answered so far; while the quiz is in progress each can be changed, once complete each says whether it was right. */
export function QuizAnswerList({ challengeId, view, action, formKeys, busy, refusal, onAnswer, t, terms, underage, locale }: QuizAnswerListProps) {
  return (
    <section aria-labelledby="quiz-answers-heading" className="space-y-3">
      <div>
        <h2 id="quiz-answers-heading" className="text-lg font-bold">{t('quiz.answersHeading')}</h2>
        {view.changeable && <p className="text-sm text-muted">{t('quiz.changeHint')}</p>}
      </div>
      <ol className="space-y-3">
        {view.answered.map((q) => {
          const a = view.answers.get(q.questionId)!;
          const refused = refusal?.questionId === q.questionId ? refusal.message : null;
          return (
            <li key={q.questionId} className="rounded-lg bg-surface p-4 shadow-sm ring-1 ring-black/5">
              <p className="font-semibold">{q.text}</p>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <span>{t('quiz.yourAnswer', { answer: q.options[a.answer] ?? '' })}</span>
                {a.correct !== null && (
                  <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-bold ${a.correct ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}>
                    <Icon name={a.correct ? 'check' : 'x'} size={16} strokeWidth={3} />
                    {a.correct ? t('quiz.correct') : t('quiz.incorrect')}
                    {a.correct && !underage && q.points > 0 && <span className="font-semibold">· +{pointsText(q.points, terms, locale)}</span>}
                  </span>
                )}
              </div>
              {view.changeable && (
                // Plain HTML disclosure: it opens without JavaScript. Keyed by the answer, so it closes again once changed.
                <details key={`${q.questionId}-${a.answer}`} className="group mt-3" open={!!refused}>
                  <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1 rounded-md font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
                    <Icon name="chevron-right" size={18} className="transition-transform group-open:rotate-90" />
                    {t('quiz.changeAnswer')}
                  </summary>
                  <div className="mt-2">
                    <QuizQuestionForm challengeId={challengeId} question={q} action={action} formKey={formKeys[q.questionId] ?? ''} chosen={a.answer} legendHidden
                      busy={busy !== null} onAnswer={onAnswer} t={t} />
                  </div>
                </details>
              )}
              {refused && <p role="alert" className="mt-2 text-sm font-semibold text-red-800">{refused}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
