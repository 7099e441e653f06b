import type { PointTerms } from '~/components/ui/points-label.ts';
import { browserApi } from '~/lib/api/browser.ts';
import { readApiProblem, type ApiProblem } from '~/lib/api/errors.ts';
import { submitChallenge, type Submission, type SubmissionResult } from './challenges.api.ts';

export interface AwardDisplay {
  terms: PointTerms;
  underage: boolean;
  locale: string;
}

export type SubmitOutcome =
  | { ok: true; data: SubmissionResult }
  /** `problem`: the API's refusal (undefined when the call failed without an answer, e.g. offline). */
  | { ok: false; message: string; problem?: ApiProblem };

/**
 * Sends one answer from an island; a refusal (422 and others) comes back for showing beside the form.
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
