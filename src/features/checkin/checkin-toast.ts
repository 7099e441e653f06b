import { formatNumber } from '~/components/ui/format-number.ts';
import { pointsLabel, type PointTerms } from '~/components/ui/points-label.ts';
import type { Translate } from '~/shared/i18n/translate.ts';

export interface CheckinToastOptions {
  terms: PointTerms;
  /** Under-18 supporters never see points. */
  underage: boolean;
  locale: string;
}

/**
 * The toast after a check-in, the same whether the island raised it or the page flashed it after a
 * form post without JavaScript: "+10 points" and "3-day streak. See you tomorrow!".
 */
export function checkinToast(
  result: { days: number; points: number }, t: Translate, { terms, underage, locale }: CheckinToastOptions,
): { title: string; description: string } {
  const { days, points } = result;
  return {
    title: underage || points <= 0 ? t('checkin.toastTitle') : `+${formatNumber(points, locale)} ${pointsLabel(points, terms)}`,
    description: t('checkin.toastStreak', { count: days, days: formatNumber(days, locale) }),
  };
}
