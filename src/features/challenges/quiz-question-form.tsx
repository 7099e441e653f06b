import type { Translate } from '~/shared/i18n/translate.ts';
import { QUESTION_ID_FIELD, RESPONSE_INDEX_FIELD } from './answer-form.ts';
import { AnswerFields } from './AnswerFields.tsx';
import type { QuizQuestion } from './quiz-view.ts';

export interface QuizQuestionFormProps {
  challengeId: string;
  question: QuizQuestion;
  /** The page's own address with the answer action's query: without JavaScript the browser posts the form there. */
  action: string;
  /** The form's idempotency key: a double tap replays the first answer instead of sending a second. */
  formKey: string;
  /** The supporter's answer, when this form changes it. */
  chosen?: number | undefined;
  /** The question text is shown above the form already (an answer being changed): the legend is for screen readers. */
  legendHidden?: boolean;
  busy: boolean;
  /** Once hydrated: send the form to the answer action instead of posting the page. */
  onAnswer: (form: HTMLFormElement, questionId: string, responseIndex: number) => void;
  t: Translate;
}

const OPTION = 'flex min-h-12 w-full items-center justify-between gap-3 rounded-lg border-2 px-4 py-2.5 text-left text-base font-semibold '
  + 'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/**
 * One question as a real form (`answer=trivia&questionId=…&responseIndex=N`): each option is a submit
 * button, so it works before and without JavaScript; once hydrated, the island sends it to the same action.
 */
export function QuizQuestionForm({ challengeId, question, action, formKey, chosen, legendHidden = false, busy, onAnswer, t }: QuizQuestionFormProps) {
  return (
    <form
      method="post" action={action} aria-busy={busy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (busy || !(submitter instanceof HTMLButtonElement)) return;
        onAnswer(event.currentTarget, question.questionId, Number(submitter.value));
      }}
    >
      <AnswerFields challengeId={challengeId} answer="trivia" formKey={formKey} />
      <input type="hidden" name={QUESTION_ID_FIELD} value={question.questionId} />
      <fieldset>
        <legend className={legendHidden ? 'sr-only' : 'text-lg leading-snug font-bold'}>{question.text}</legend>
        <div className={`grid gap-2 ${legendHidden ? '' : 'mt-3'}`}>
          {question.options.map((label, i) => (
            <button
              key={`${i}-${label}`} type="submit" name={RESPONSE_INDEX_FIELD} value={i}
              className={`${OPTION} ${chosen === i ? 'border-primary bg-primary/10 text-text' : 'border-primary/30 bg-surface text-text hover:border-primary hover:bg-primary/5'}`}
            >
              <span>{label}</span>
              {chosen === i && <span className="shrink-0 text-sm font-normal text-muted">{t('quiz.currentChoice')}</span>}
            </button>
          ))}
        </div>
      </fieldset>
    </form>
  );
}
