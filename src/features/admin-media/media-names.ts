import type { MessageKey } from '~/shared/i18n/translate.ts';
import type { AdminArticle, AdminStory, AdminVideo, MediaCollection } from './admin-media.api.ts';

// What the console calls each kind, and an item by its own words.

export const NEW_TITLE: Record<MediaCollection, MessageKey> = {
  stories: 'adminMedia.newStory', videos: 'adminMedia.newVideo', articles: 'adminMedia.newArticle',
};
export const LIST_TITLE: Record<MediaCollection, MessageKey> = {
  stories: 'adminMedia.nav.stories', videos: 'adminMedia.nav.videos', articles: 'adminMedia.nav.articles',
};
export const LIST_INTRO: Record<MediaCollection, MessageKey> = {
  stories: 'adminMedia.stories.intro', videos: 'adminMedia.videos.intro', articles: 'adminMedia.articles.intro',
};

export function itemTitle(item: AdminStory | AdminVideo | AdminArticle): string {
  return 'name' in item ? item.name : item.title;
}

/** When an item starts showing. */
export function itemStart(item: AdminStory | AdminVideo | AdminArticle): string {
  return 'startsAt' in item ? item.startsAt : item.publishedAt;
}

export const STATUS_LABEL: Record<AdminStory['status'], MessageKey> = {
  draft: 'adminMedia.status.draft', scheduled: 'adminMedia.status.scheduled', live: 'adminMedia.status.live',
  ended: 'adminMedia.status.ended', archived: 'adminMedia.status.archived',
};
export const CHANGE_LABEL: Record<'publish' | 'duplicate' | 'archive', MessageKey> = {
  publish: 'adminMedia.publish', duplicate: 'adminMedia.duplicate', archive: 'adminMedia.archive',
};
export const TYPE_LABEL: Record<AdminStory['type'], MessageKey> = {
  default: 'adminMedia.type.default', live: 'adminMedia.type.live', sponsored: 'adminMedia.type.sponsored',
};
