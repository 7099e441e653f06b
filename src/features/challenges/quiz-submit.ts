import { browserApi } from '~/lib/api/browser.ts';
import { readApiProblem, type ErrorCode } from '~/lib/api/errors.ts';
import { submitChallenge, type SubmissionResult } from './challenges.api.ts';

export type QuizSubmitResult =
  | { ok: true; data: SubmissionResult }
  /** `message` is the API's own text for a refusal (422), absent when the call failed on the way. */
  | { ok: false; code: ErrorCode | 'network'; message?: string };

/** Sends one quiz answer from the browser: the same API call the page makes for a form posted without JavaScript. */
export async function sendQuizAnswer(challengeId: string, questionId: string, responseIndex: number): Promise<QuizSubmitResult> {
  try {
    return { ok: true, data: await submitChallenge(browserApi(), challengeId, { trivia: { questionId, responseIndex } }) };
  } catch (error) {
    const problem = await readApiProblem(error).catch(() => undefined);
    if (!problem || problem.status >= 500) return { ok: false, code: problem?.code ?? 'network' };
    return { ok: false, code: problem.code, message: problem.message };
  }
}
