// Where a quiz answer posted without JavaScript leads (the answer action, src/actions/challenges.ts, made
// the call): back to the page showing that answer's result, or to the results screen, so Reload never
// answers twice.
import type { SubmissionResult } from './challenges.api.ts';

/** The query parameter that tells the page which answer to show the result of. */
export const ANSWERED_PARAM = 'answered';

/** Where a quiz answer leads: its result on the page, or the results screen once the quiz is complete. */
export function quizRedirect(url: URL, questionId: string, result: Pick<SubmissionResult, 'trivia'>): string {
  const done = result.trivia?.status === 'completed';
  return done ? `${url.pathname}#quiz-results` : `${url.pathname}?${ANSWERED_PARAM}=${encodeURIComponent(questionId)}#quiz-result`;
}
