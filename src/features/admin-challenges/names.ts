import type { Translate } from '~/shared/i18n/translate.ts';
import type { ChallengeSubtypeName, ContentStatusName } from './admin-challenges.api.ts';

// A challenge's kind and status as the console shows them, in the page's language.

const SUBTYPE_NAMES = {
  poll: 'adminChallenges.subtype.poll', pickem: 'adminChallenges.subtype.pickem', trivia: 'adminChallenges.subtype.trivia',
  keyword: 'adminChallenges.subtype.keyword', feedback: 'adminChallenges.subtype.feedback', arcade: 'adminChallenges.subtype.arcade',
} as const satisfies Record<ChallengeSubtypeName, string>;

const STATUS_NAMES = {
  draft: 'adminChallenges.status.draft', scheduled: 'adminChallenges.status.scheduled', live: 'adminChallenges.status.live',
  ended: 'adminChallenges.status.ended', archived: 'adminChallenges.status.archived',
} as const satisfies Record<ContentStatusName, string>;

export const STATUSES = Object.keys(STATUS_NAMES) as ContentStatusName[];

export const subtypeName = (t: Translate, subtype: ChallengeSubtypeName) => t(SUBTYPE_NAMES[subtype]);
export const statusName = (t: Translate, status: ContentStatusName) => t(STATUS_NAMES[status]);
