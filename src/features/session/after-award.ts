import { fireConfetti } from '~/lib/confetti.ts';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { browserApi } from '~/lib/api/browser.ts';
import { applyStanding, rankReachedBy, refreshPointsAfterRankReached } from './current-user.store.ts';
import { awardToast } from './award-toast.ts';
import { toast, type ToastInput } from '~/lib/toast/store.ts';
import type { Standing } from '~/server/users/standing.schema.ts';

/** The words of the level-up toast, in the page's language: `pickMessages(messages, 'rank.')` and the locale. */
export interface LevelUpWords {
  messages: Partial<Messages>;
  locale: string;
}

/**
 * Call with the `standing` of anything that can award, and the toast the award would raise (null for
 * none): the answer already holds the new balances and rank, shown at once. Only when it reaches the next
 * rank's pointsRequired do the points and then the whole user come again from the server (spec section 4).
 * One toast is raised; a level-up is said in it and celebrated with confetti (canvas-confetti loads only then).
 */
export function afterAward(standing: Standing, notice: ToastInput | null, words: LevelUpWords): void {
  const reached = rankReachedBy(standing);
  const newRank = applyStanding(standing);
  // Already logged by the client when it fails; the standing stays shown.
  if (reached !== undefined) void refreshPointsAfterRankReached(browserApi(), reached).catch(() => undefined);
  const t = translator(words.messages, words.locale);
  const shown = awardToast(notice, newRank, t);
  if (shown) toast(shown);
  if (newRank) void fireConfetti();
}
