// What a supporter reads after answering, the same with and without JavaScript: the page's flash toast
// (no script) and the island's toast say the same words, and a refusal reads the same beside either form.
import { pointsText, type PointTerms } from '~/components/ui/points-label.ts';
import type { ApiProblem } from '~/lib/api/errors.ts';
import type { Translate } from '~/shared/i18n/translate.ts';
import type { ToastInput } from '~/lib/toast/store.ts';
import type { Challenge, Submission, SubmissionResult } from './challenges.api.ts';

export interface AnswerDisplay {
  t: Translate;
  terms: PointTerms;
  underage: boolean;
  locale: string;
}

/** What the supporter did, in a few words: the toast's body under the points, or its title for under-18s. */
function doneText(challenge: Pick<Challenge, 'subtype'>, result: Pick<SubmissionResult, 'trivia'>, t: Translate): string {
  switch (challenge.subtype) {
    case 'poll': return t('challenges.poll.thanks');
    case 'keyword': return t('challenges.keyword.found');
    case 'feedback': return t('challenges.feedback.thanks');
    case 'trivia': return result.trivia?.status === 'completed' ? t('challenges.answer.quizComplete') : t('challenges.answer.saved');
    default: return t('challenges.answer.saved');
  }
}

/**
 * The toast after an accepted answer: "+20 points" over what was done; a pick'em's pick earns nothing yet
 * ("Pick saved"); under-18s see no points.
 */
export function answerToast(
  challenge: Pick<Challenge, 'subtype' | 'options'>, submission: Submission,
  result: Pick<SubmissionResult, 'pointsAwarded' | 'trivia'>, { t, terms, underage, locale }: AnswerDisplay,
): Pick<ToastInput, 'title' | 'description'> {
  const poll = 'poll' in submission ? submission.poll : undefined;
  if (challenge.subtype === 'pickem' && poll) {
    const pick = challenge.options[poll.responseIndex]?.label ?? '';
    return { title: t('challenges.pickem.saved'), description: t('challenges.pickem.pickCanChange', { pick }) };
  }
  const done = doneText(challenge, result, t);
  if (result.pointsAwarded <= 0 || underage) return { title: done };
  return { title: t('challenges.answer.earned', { points: pointsText(result.pointsAwarded, terms, locale) }), description: done };
}

/**
 * A refused answer, in the page's language where the refusal is known here (a wrong keyword, a closed
 * challenge); otherwise the API's own message, else a generic one.
 */
export function refusalMessage(problem: Pick<ApiProblem, 'code' | 'message'> | undefined, subtype: Challenge['subtype'], t: Translate): string {
  if (!problem) return t('challenges.answer.failed');
  if (problem.code === 'challenge_closed') return t('challenges.answer.closed');
  // The form sends only text to a keyword challenge: a refused text is a wrong keyword.
  if (problem.code === 'challenge_submission_failed' && subtype === 'keyword') return t('challenges.keyword.wrong');
  if (problem.code === 'internal_error' || problem.code === 'unavailable') return t('challenges.answer.failed');
  return problem.message || t('challenges.answer.failed');
}
