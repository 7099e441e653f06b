import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { ANSWER_FIELD, CHALLENGE_FIELD } from './answer-form.ts';

/** The hidden fields every answer form sends to the one answer action: which challenge, what kind, its key. */
export function AnswerFields({ challengeId, answer, formKey }: { challengeId: string; answer: 'poll' | 'input' | 'trivia'; formKey: string }) {
  return (
    <>
      <input type="hidden" name={CHALLENGE_FIELD} value={challengeId} />
      <input type="hidden" name={ANSWER_FIELD} value={answer} />
      <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
    </>
  );
}
