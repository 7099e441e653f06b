import type { Translate } from '~/shared/i18n/translate.ts';
import type { ChallengeSubtypeSlug } from '~/lib/routing/routes.ts';

/** A tab's name in the page's language (English as the spec names them: 'Polls', 'Pick'ems', …). */
export function tabLabel(slug: ChallengeSubtypeSlug, t: Translate): string {
  switch (slug) {
    case 'polls': return t('challenges.tab.polls');
    case 'pickems': return t('challenges.tab.pickems');
    case 'arcade': return t('challenges.tab.arcade');
    case 'quizzes': return t('challenges.tab.quizzes');
    case 'keyword': return t('challenges.tab.keyword');
  }
}

/** What a tab with nothing in it says (a sentence per kind: "No polls right now."). */
export function emptyTabTitle(slug: ChallengeSubtypeSlug, t: Translate): string {
  switch (slug) {
    case 'polls': return t('challenges.list.emptyPolls');
    case 'pickems': return t('challenges.list.emptyPickems');
    case 'arcade': return t('challenges.list.emptyArcade');
    case 'quizzes': return t('challenges.list.emptyQuizzes');
    case 'keyword': return t('challenges.list.emptyKeyword');
  }
}
