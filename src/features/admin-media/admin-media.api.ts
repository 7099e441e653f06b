import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';

// The API's own shapes (type-only imports: no server code reaches the browser).
import type { Story } from '~/server/content/story.schema.ts';
import type { Video } from '~/server/content/video.schema.ts';
import type { Article } from '~/server/content/article.schema.ts';
import type { AdminStory, StoryInputBody } from '~/server/content/admin/story.admin.schema.ts';
import type { ConsoleMediaKinds, ConsoleMediaListQuery } from '~/server/content/admin/console-media.schema.ts';
import type { AdminVideo, VideoInputBody } from '~/server/content/admin/video.admin.schema.ts';
import type { AdminArticle, ArticleInputBody } from '~/server/content/admin/article.admin.schema.ts';
import type { StoredClip, StoredImage } from '~/server/content/admin/upload.admin.routes.ts';

export type { AdminArticle, AdminStory, AdminVideo, ArticleInputBody, StoryInputBody, VideoInputBody, Article, Story, Video };
export type ContentStatus = AdminStory['status'];

/** The console's three media kinds, by their collection's name in /api/admin. */
type MediaKinds = ConsoleMediaKinds;
export type MediaCollection = keyof MediaKinds;
export const MEDIA_COLLECTIONS = ['stories', 'videos', 'articles'] as const satisfies readonly MediaCollection[];

export type MediaListQuery = ConsoleMediaListQuery;

const path = (collection: MediaCollection, id?: string, action?: string) =>
  ['admin', collection, ...(id ? [encodeURIComponent(id)] : []), ...(action ? [action] : [])].join('/');
const withHeaders = (options?: CallOptions) => (options?.headers ? { headers: options.headers } : {});

/** GET /admin/{collection}: a page of the kind's items, any status, searched. */
export function listMedia<C extends MediaCollection>(api: ApiClient, collection: C, query: MediaListQuery = {}): Promise<MediaKinds[C]['page']> {
  const searchParams = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return dataOf(api.http.get(path(collection), { searchParams }));
}

/** GET /admin/{collection}/{id}: one item, any status. */
export function getMedia<C extends MediaCollection>(api: ApiClient, collection: C, id: string): Promise<MediaKinds[C]['item']> {
  return dataOf(api.http.get(path(collection, id)));
}

/** POST /admin/{collection}: makes a draft. */
export function createMedia<C extends MediaCollection>(api: ApiClient, collection: C, input: MediaKinds[C]['input'], options?: CallOptions): Promise<MediaKinds[C]['item']> {
  return dataOf(api.http.post(path(collection), { json: input, ...withHeaders(options) }));
}

/** PUT /admin/{collection}/{id}: saves the item whole. */
export function updateMedia<C extends MediaCollection>(api: ApiClient, collection: C, id: string, input: MediaKinds[C]['input'], options?: CallOptions): Promise<MediaKinds[C]['item']> {
  return dataOf(api.http.put(path(collection, id), { json: input, ...withHeaders(options) }));
}

/** POST /admin/{collection}/{id}/duplicate | publish | archive. */
export function changeMedia<C extends MediaCollection>(
  api: ApiClient, collection: C, id: string, action: 'duplicate' | 'publish' | 'archive', options?: CallOptions,
): Promise<MediaKinds[C]['item']> {
  return dataOf(api.http.post(path(collection, id, action), withHeaders(options)));
}

/** POST /admin/articles/preview: Markdown as the saved body would be (stores nothing). */
export function previewArticleBody(api: ApiClient, markdown: string): Promise<{ bodyHtml: string }> {
  return dataOf(api.http.post('admin/articles/preview', { json: { markdown } }));
}

/** POST /admin/uploads/images: a picture, resized and stored; its `url` goes in a mediaId field. */
export function uploadMediaImage(api: ApiClient, file: Blob): Promise<StoredImage> {
  return dataOf(api.http.post('admin/uploads/images', { body: file, headers: { 'Content-Type': file.type } }));
}

/** POST /admin/uploads/videos: a clip (MP4 or WebM), stored as sent; its `name` is a video's `source` (videoSourceType `file`). */
export function uploadMediaClip(api: ApiClient, file: Blob): Promise<StoredClip> {
  return dataOf(api.http.post('admin/uploads/videos', { body: file, headers: { 'Content-Type': file.type } }));
}

/** GET /admin/{collection}/{id}/preview: the supporters' own answer for the item, in the client's language, whatever its status. */
export type MediaPreview<C extends MediaCollection> = MediaKinds[C]['preview'];
export function previewMedia<C extends MediaCollection>(api: ApiClient, collection: C, id: string, language: string): Promise<MediaPreview<C>> {
  return dataOf(api.http.get(path(collection, id, 'preview'), { headers: { 'Accept-Language': language } }));
}
