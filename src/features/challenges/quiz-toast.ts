import { pointsText, type PointTerms } from '~/components/ui/points-label.ts';
import type { Translate } from '~/shared/i18n/translate.ts';
import type { ToastInput } from '~/lib/toast/store.ts';
import type { SubmissionResult } from './challenges.api.ts';

/**
 * What a quiz answer's toast says, with and without JavaScript: "Answer saved" while the quiz is in
 * progress (the same for a right and a wrong answer), "+20 points" over "Quiz complete" once the last
 * answer pays; under-18s see no points. (A quiz paid answer by answer before may move by less, or back.)
 */
export function quizToast(
  result: Pick<SubmissionResult, 'pointsAwarded' | 'trivia'>, t: Translate, { terms, underage, locale }: { terms: PointTerms; underage: boolean; locale: string },
): Pick<ToastInput, 'title' | 'description'> {
  if (result.trivia?.status !== 'completed') return { title: t('quiz.toast.answered') };
  const moved = result.pointsAwarded;
  if (underage || moved === 0) return { title: t('quiz.toast.complete') };
  return { title: `${moved > 0 ? '+' : '−'}${pointsText(Math.abs(moved), terms, locale)}`, description: t('quiz.toast.complete') };
}
