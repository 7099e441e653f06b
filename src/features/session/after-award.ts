import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { browserApi } from '~/lib/api/browser.ts';
import { applyStanding, rankReachedBy, refreshPointsAfterRankReached } from './current-user.store.ts';
import { awardToast } from './award-toast.ts';
import { toast, type ToastInput } from '~/lib/toast/store.ts';
import type { Standing } from '~/server/users/standing.schema.ts';

/** The words of the level-up toast and of the big moments, in the page's language: `pickMessages(messages, 'rank.')` and the locale. */
export interface LevelUpWords {
  messages: Partial<Messages>;
  locale: string;
}

/**
 * Call with the `standing` of anything that can award, and the toast the award would raise (null for
 * none): the answer already holds the new balances and rank, shown at once. Only when it reaches the next
 * rank's pointsRequired do the points and then the whole user come again from the server (spec section 4).
 * One toast is raised; a level-up is said in it. The moments the server found in the award (a new rank, a
 * badge, a streak, a first entry) are celebrated full screen, with confetti: that code loads only then.
 */
export function afterAward(standing: Standing, notice: ToastInput | null, words: LevelUpWords): void {
  const reached = rankReachedBy(standing);
  const newRank = applyStanding(standing);
  // Already logged by the client when it fails; the standing stays shown.
  if (reached !== undefined) void refreshPointsAfterRankReached(browserApi(), reached).catch(() => undefined);
  const t = translator(words.messages, words.locale);
  const shown = awardToast(notice, newRank, t);
  if (shown) toast(shown);
  const [first, ...more] = standing.moments;
  // A chunk that fails to load (the signal dropped) leaves the toast, which has said it already.
  if (first) void import('~/features/moments/celebrate.tsx').then(({ celebrate }) => celebrate([first, ...more], words), () => undefined);
}
