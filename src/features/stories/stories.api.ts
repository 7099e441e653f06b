import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type { Story, StoryChapterView, StoryCover } from '~/server/content/story.schema.ts';

export type { Story, StoryChapterView, StoryCover };

/** GET /content/stories: the stories shown now that the caller may see, in the rail's order (live, unwatched, sponsored, watched). */
export function listStories(api: ApiClient): Promise<Story[]> {
  return dataOf<Story[]>(api.http.get('content/stories'));
}

/** GET /content/stories/{id}: one story and its chapters; a 404 for an unknown story or one the caller may not see. */
export function getStory(api: ApiClient, id: string): Promise<Story> {
  return dataOf<Story>(api.http.get(`content/stories/${encodeURIComponent(id)}`));
}

/** GET /content/stories/{id}/cover: what the story's link shows before its chapters, a rank story's too; a 404 for an unknown story. */
export function getStoryCover(api: ApiClient, id: string): Promise<StoryCover> {
  return dataOf<StoryCover>(api.http.get(`content/stories/${encodeURIComponent(id)}/cover`));
}

/**
 * POST /content/stories/{id}/chapter-view/{chapterId}: the supporter saw this chapter (a repeat changes nothing).
 * The view that completes the story pays it once and answers the new standing. 422: not one of the story's chapters.
 */
export function viewStoryChapter(api: ApiClient, id: string, chapterId: string, options?: CallOptions): Promise<StoryChapterView> {
  return dataOf<StoryChapterView>(api.http.post(`content/stories/${encodeURIComponent(id)}/chapter-view/${encodeURIComponent(chapterId)}`,
    options?.headers ? { headers: options.headers } : {}));
}
