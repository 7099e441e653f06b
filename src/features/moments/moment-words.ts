import type { Translate } from '~/shared/i18n/translate.ts';
import type { Moment } from '~/server/moments/moment.schema.ts';
import { rankLabel } from './rank-label.ts';

// What a moment says, in the page's language (the `rank.` messages): one place for the full-screen moment
// (./Celebration.tsx) and the notice a page shows after a form posted without JavaScript (./MomentNotice.astro).

export interface MomentWords {
  eyebrow: string;
  title: string;
  /** Short blocks under the title: a label (or none) and its text. */
  blocks: Array<{ label?: string; text: string }>;
}

export function momentWords(moment: Moment, t: Translate): MomentWords {
  switch (moment.kind) {
    case 'levelUp': {
      const blocks: MomentWords['blocks'] = [];
      if (moment.rank.perk) blocks.push({ label: t('rank.moment.levelUp.unlocked'), text: moment.rank.perk });
      if (moment.nextRank) blocks.push({ label: t('rank.moment.levelUp.next', { rank: rankLabel(moment.nextRank, t) }), text: moment.nextRank.perk ?? '' });
      else blocks.push({ text: t('rank.moment.levelUp.top') });
      return { eyebrow: t('rank.moment.levelUp.eyebrow'), title: t('rank.moment.levelUp.title', { rank: rankLabel(moment.rank, t) }), blocks };
    }
    case 'badge':
      return { eyebrow: t('rank.moment.badge.eyebrow'), title: t('rank.moment.badge.title', { badge: moment.badge.name }), blocks: [{ text: t('rank.moment.badge.text') }] };
    case 'streak':
      return { eyebrow: t('rank.moment.streak.eyebrow'), title: t('rank.moment.streak.title', { days: moment.days }), blocks: [{ text: t('rank.moment.streak.text') }] };
    case 'firstEntry':
      return { eyebrow: t('rank.moment.firstEntry.eyebrow'), title: t('rank.moment.firstEntry.title'), blocks: [{ text: t('rank.moment.firstEntry.text') }] };
  }
}
