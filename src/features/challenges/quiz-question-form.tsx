import type { Translate } from '~/lib/i18n/translate.ts';
import type { QuizQuestion } from './quiz-view.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';

export interface QuizQuestionFormProps {
  question: QuizQuestion;
  /** The page's own address: without JavaScript the browser posts the form there. */
  action: string;
  /** The form's idempotency key: a double tap replays the first answer instead of sending a second. */
  formKey: string;
  /** The supporter's answer, when this form changes it. */
  chosen?: number | undefined;
  /** The question text is shown above the form already (an answer being changed): the legend is for screen readers. */
  legendHidden?: boolean;
  busy: boolean;
  /** Once hydrated: answer through the API instead of posting the page. */
  onAnswer: (questionId: string, responseIndex: number) => void;
  t: Translate;
}

const OPTION = 'flex min-h-12 w-full items-center justify-between gap-3 rounded-lg border-2 px-4 py-2.5 text-left text-base font-semibold '
  + 'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/**
 * One question as a real form (`answer=trivia&questionId=…&responseIndex=N`): each option is a submit
 * button, so it works before and without JavaScript; once hydrated, the island sends it through the API.
 */
export function QuizQuestionForm({ question, action, formKey, chosen, legendHidden = false, busy, onAnswer, t }: QuizQuestionFormProps) {
  return (
    <form
      method="post" action={action} aria-busy={busy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (busy || !(submitter instanceof HTMLButtonElement)) return;
        onAnswer(question.questionId, Number(submitter.value));
      }}
    >
      <input type="hidden" name="answer" value="trivia" />
      <input type="hidden" name="questionId" value={question.questionId} />
      <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
      <fieldset>
        <legend className={legendHidden ? 'sr-only' : 'text-lg leading-snug font-bold'}>{question.text}</legend>
        <div className={`grid gap-2 ${legendHidden ? '' : 'mt-3'}`}>
          {question.options.map((label, i) => (
            <button
              key={`${i}-${label}`} type="submit" name="responseIndex" value={i}
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
