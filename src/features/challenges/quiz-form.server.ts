// A quiz answer posted without JavaScript (`answer=trivia&questionId=ID&responseIndex=N` plus the hidden
// `idempotencyKey`): the same API call the island makes, then a 303 back to the page showing that
// answer's result (or the results screen), so Reload never answers twice. A refusal re-renders the page
// with a 4xx and the message beside the form.
// The challenge page hands quiz posts here (challenge-page.server.ts): a quiz answer returns to that
// answer's result or to the results screen, where the other kinds return to the answer.
import type { AstroGlobal } from 'astro';
import { awardToast, newRankOf } from '~/features/session/award-toast.ts';
import { readApiProblem } from '~/lib/api/errors.ts';
import { field, idempotencyHeaders, readPostedForm, redirectAfterPost } from '~/lib/forms/form-action.server.ts';
import type { Challenge, SubmissionResult } from './challenges.api.ts';
import { submitChallenge } from './challenges.api.ts';
import { submissionOf } from './answer-form.ts';
import { refusalText, type QuizRefusal } from './quiz-refusal.ts';
import { quizToast } from './quiz-toast.ts';

type Page = Pick<AstroGlobal, 'request' | 'cookies' | 'redirect' | 'url' | 'locals' | 'response'>;

/** The query parameter that tells the page which answer to show the result of. */
export const ANSWERED_PARAM = 'answered';

/** Where a quiz answer leads: its result on the page, or the results screen once the quiz is complete. */
export function quizRedirect(url: URL, questionId: string, result: SubmissionResult): string {
  const done = result.trivia?.status === 'completed';
  return done ? `${url.pathname}#quiz-results` : `${url.pathname}?${ANSWERED_PARAM}=${encodeURIComponent(questionId)}#quiz-result`;
}


/**
 * Handles a posted quiz answer for `challenge`: a Response (the redirect) when it was recorded, a refusal
 * to show (the page's status is set to the API's 4xx), or undefined when the request is not a quiz answer.
 */
export async function handleQuizPost(page: Page, challenge: Challenge): Promise<Response | QuizRefusal | undefined> {
  if (challenge.subtype !== 'trivia') return undefined;
  const form = await readPostedForm(page);
  if (!form || field(form, 'answer') !== 'trivia') return undefined;
  // The one reading of the answer form's contract (answer-form.ts), shared with the other kinds.
  const submission = submissionOf(form);
  const questionId = field(form, 'questionId');
  const { t } = page.locals;
  if (!submission || !('trivia' in submission)) {
    page.response.status = 400;
    return { questionId: questionId || null, message: t('quiz.error.generic') };
  }
  try {
    const result = await submitChallenge(page.locals.api, challenge.challengeId, submission, { headers: idempotencyHeaders(form) });
    const { terms, user, locale } = page.locals;
    const notice = awardToast(quizToast(result, t, { terms, underage: user?.underage ?? false, locale }), newRankOf(user, result.standing), t);
    return redirectAfterPost(page, notice, quizRedirect(page.url, questionId, result));
  } catch (error) {
    const problem = await readApiProblem(error);
    page.response.status = problem.status >= 400 && problem.status < 500 ? problem.status : 503;
    return { questionId, message: refusalText(t, problem.status >= 500 ? 'network' : problem.code, problem.message) };
  }
}
