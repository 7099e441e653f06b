import type { Submission } from './challenges.api.ts';

/**
 * The form contract of every challenge answer that works without JavaScript, posted to the challenge's
 * own page (the page turns it into the same API body an island sends):
 * - `answer=poll&responseIndex=N` → `{ poll: { responseIndex } }` (a poll vote, a pick'em pick)
 * - `answer=input&response=TEXT` → `{ input: { response } }` (a keyword, feedback)
 * - `answer=trivia&questionId=ID&responseIndex=N` → `{ trivia: { questionId, responseIndex } }`
 * and a hidden `idempotencyKey` (see lib/forms/form-action.server.ts).
 */
export const ANSWER_FIELD = 'answer';
export const RESPONSE_INDEX_FIELD = 'responseIndex';
export const RESPONSE_FIELD = 'response';
export const QUESTION_ID_FIELD = 'questionId';
export type AnswerKind = 'poll' | 'input' | 'trivia';

/** Longer than any answer the API takes: a bigger field is refused here, before the call. */
const MAX_RESPONSE = 10_000;
const MAX_QUESTION_ID = 200;

function text(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** A whole number 0…9999 written in digits only: "1e1", " 2", "-0" and "0x1" are not indices. */
function index(form: FormData): number | undefined {
  const value = text(form, RESPONSE_INDEX_FIELD);
  return value !== undefined && /^\d{1,4}$/.test(value) ? Number(value) : undefined;
}

/** The API body a posted answer form stands for, or undefined when the form does not keep the contract. */
export function submissionOf(form: FormData): Submission | undefined {
  switch (text(form, ANSWER_FIELD)) {
    case 'poll': {
      const responseIndex = index(form);
      return responseIndex === undefined ? undefined : { poll: { responseIndex } };
    }
    case 'input': {
      const response = text(form, RESPONSE_FIELD);
      // The API trims and judges the text (an empty keyword is a wrong one); the form only carries it.
      return response === undefined || response.length > MAX_RESPONSE ? undefined : { input: { response } };
    }
    case 'trivia': {
      const questionId = text(form, QUESTION_ID_FIELD)?.trim();
      const responseIndex = index(form);
      if (!questionId || questionId.length > MAX_QUESTION_ID || responseIndex === undefined) return undefined;
      return { trivia: { questionId, responseIndex } };
    }
    default:
      return undefined;
  }
}

/** In an island's submit handler: the index carried by the button that sent the form, if any. */
export function submitterIndex(event: Event): number | undefined {
  const submitter = (event as SubmitEvent).submitter;
  const value = submitter && 'value' in submitter ? String(submitter.value) : '';
  return /^\d{1,4}$/.test(value) ? Number(value) : undefined;
}
