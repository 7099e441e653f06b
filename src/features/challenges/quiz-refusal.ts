import type { Translate } from '~/shared/i18n/translate.ts';
import type { ErrorCode } from '~/lib/api/errors.ts';

/** A refused quiz answer, shown beside the form it came from (`questionId`). */
export interface QuizRefusal {
  questionId: string | null;
  message: string;
}

/**
 * What to say when the API refused an answer or could not be reached: our own words where the code says
 * enough, else the API's message (a 422's text is written to be shown), else a generic sentence.
 */
export function refusalText(t: Translate, code: ErrorCode | 'network', message?: string): string {
  if (code === 'challenge_closed') return t('quiz.error.closed');
  return message && code !== 'network' && code !== 'internal_error' ? message : t('quiz.error.generic');
}
