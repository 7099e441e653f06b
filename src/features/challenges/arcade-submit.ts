import { browserApi } from '~/lib/api/browser.ts';
import { readApiProblem, type ApiProblem } from '~/lib/api/errors.ts';
import { submitChallenge, type Submission, type SubmissionResult } from './challenges.api.ts';

// The arcade's half of sending an answer (a score through the API; the forms' half is ./submit.ts), apart so
// that the other answer islands do not load the API's error reading with it.

export type SubmitOutcome =
  | { ok: true; data: SubmissionResult }
  /** `problem`: the API's refusal (undefined when the call failed without an answer, e.g. offline). */
  | { ok: false; message: string; problem?: ApiProblem };

/**
 * Sends an arcade score (a game, not a form: it needs JavaScript); a refusal comes back for showing.
 * An accepted answer's standing goes to `afterAward` with the island's one toast.
 */
export async function submitAnswer(challengeId: string, body: Submission): Promise<SubmitOutcome> {
  try {
    return { ok: true, data: await submitChallenge(browserApi(), challengeId, body) };
  } catch (error) {
    const problem = await readApiProblem(error).catch(() => undefined);
    return problem ? { ok: false, message: problem.message, problem } : { ok: false, message: '' };
  }
}
