// What an award says, in one toast, with and without JavaScript: an island raises it (./after-award.ts),
// a form posted without script leaves it as the next page's flash toast.
import type { Translate } from '~/shared/i18n/translate.ts';
import type { ToastInput } from '~/lib/toast/store.ts';
import type { Standing } from '~/server/users/standing.schema.ts';

/** The rank the award reached, when it is not the one the supporter had before. */
export function newRankOf(before: { rank: { name: string } } | null | undefined, standing: { rank: Pick<Standing['rank'], 'name'> } | null | undefined): string | undefined {
  if (!before || !standing) return undefined;
  return before.rank.name !== standing.rank.name ? standing.rank.name : undefined;
}

/**
 * The award's toast with a level-up said in it ("You reached P8! +15 points"): only one toast shows at a
 * time (spec), so a second one would replace the first at once. `t` holds the `rank.` messages.
 */
export function awardToast<T extends Pick<ToastInput, 'title' | 'description'>>(notice: T, newRank: string | undefined, t: Translate): T;
export function awardToast(notice: ToastInput | null, newRank: string | undefined, t: Translate): ToastInput | null;
export function awardToast(notice: ToastInput | null, newRank: string | undefined, t: Translate): ToastInput | null {
  if (!newRank) return notice;
  if (!notice) return { title: t('rank.reached', { rank: newRank }), description: t('rank.reachedText') };
  return { ...notice, title: t('rank.reachedWith', { rank: newRank, award: notice.title }) };
}
