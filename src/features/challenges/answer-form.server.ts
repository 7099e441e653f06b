// A challenge answered without JavaScript: the page reads its own post, turns it into the API body an
// island sends (answer-form.ts), and makes the same call through challenges.api.ts with the form's
// idempotency key, so a double tap or a reload never answers twice, and API_ORIGIN works too.
import type { ApiClient } from '~/lib/api/client.ts';
import { readApiProblem } from '~/lib/api/errors.ts';
import { field, idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { awardToast, newRankOf } from '~/features/session/award-toast.ts';
import type { FlashToast } from '~/lib/toast/flash.ts';
import { RESPONSE_FIELD, submissionOf } from './answer-form.ts';
import { answerToast, refusalMessage, type AnswerDisplay } from './answer-messages.ts';
import { submitChallenge, type Challenge } from './challenges.api.ts';

export type FormAnswer =
  | { ok: true; toast: FlashToast }
  /** A refusal to show beside the form, with the page's status and the text to put back in the field. */
  | { ok: false; status: number; message: string; draft: string | null };

/** `before`: the supporter as the page loaded them, so a level-up is said in the answer's toast. */
export async function answerFromForm(
  api: ApiClient, challenge: Pick<Challenge, 'challengeId' | 'subtype' | 'options'>, form: FormData, display: AnswerDisplay,
  before?: { rank: { name: string } } | null,
): Promise<FormAnswer> {
  const draft = typeof form.get(RESPONSE_FIELD) === 'string' ? field(form, RESPONSE_FIELD) : null;
  const submission = submissionOf(form);
  if (!submission) return { ok: false, status: 422, message: display.t('challenges.answer.unreadable'), draft };
  try {
    const result = await submitChallenge(api, challenge.challengeId, submission, { headers: idempotencyHeaders(form) });
    return { ok: true, toast: awardToast(answerToast(challenge, submission, result, display), newRankOf(before, result.standing), display.t) };
  } catch (error) {
    const problem = await readApiProblem(error).catch(() => undefined);
    // A failure on the far side (or no answer at all) is not the supporter's: the form stays, with a try-again message.
    const status = problem && problem.status >= 400 && problem.status < 500 ? problem.status : 503;
    return { ok: false, status, message: refusalMessage(problem, challenge.subtype, display.t), draft };
  }
}
