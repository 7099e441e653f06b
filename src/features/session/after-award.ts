import { fireConfetti } from '~/lib/confetti.ts';
import { translator, type Messages, type Translate } from '~/lib/i18n/translate.ts';
import { applyStanding } from './current-user.store.ts';
import { toast, type ToastInput } from '~/lib/toast/store.ts';
import type { Standing } from '~/server/users/standing.schema.ts';

/** The words of the level-up toast, in the page's language: `pickMessages(messages, 'rank.')` and the locale. */
export interface LevelUpWords {
  messages: Partial<Messages>;
  locale: string;
}

// An island that passes no words still celebrates, in English, the source language (copied from
// en/dashboard.ts rather than imported, so the browser does not load every dashboard word for two;
// after-award.test.ts keeps them equal).
export const ENGLISH_LEVEL_UP: LevelUpWords = {
  messages: { 'rank.reached': 'You reached {rank}!', 'rank.reachedText': 'A new rank: keep going.', 'rank.reachedWith': 'You reached {rank}! {award}' },
  locale: 'en',
};

/**
 * What an award says, with a level-up said in the same toast ("You reached P8! +15 points"): only one
 * toast shows at a time (spec), so a second one would replace the first at once.
 */
export function awardToast(notice: ToastInput | null, newRank: string | undefined, t: Translate): ToastInput | null {
  if (!newRank) return notice;
  if (!notice) return { title: t('rank.reached', { rank: newRank }), description: t('rank.reachedText') };
  return { ...notice, title: t('rank.reachedWith', { rank: newRank, award: notice.title }) };
}

/**
 * Call with the `standing` of anything that can award, and the toast the award would raise (null for
 * none): the answer already holds the new balances and rank, so nothing is fetched. One toast is raised;
 * a level-up is said in it and celebrated with confetti (canvas-confetti loads only then).
 */
export function afterAward(standing: Standing, notice: ToastInput | null, words: LevelUpWords = ENGLISH_LEVEL_UP): void {
  const newRank = applyStanding(standing);
  const t = translator({ ...ENGLISH_LEVEL_UP.messages, ...words.messages }, words.locale);
  const shown = awardToast(notice, newRank, t);
  if (shown) toast(shown);
  if (newRank) void fireConfetti();
}
