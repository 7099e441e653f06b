import type { z } from '@hono/zod-openapi';
import type { ContentListQuery } from '../../admin/content-list.ts';
import type { Article } from '../article.schema.ts';
import type { Story } from '../story.schema.ts';
import type { Video } from '../video.schema.ts';
import type { AdminArticle, AdminArticlePage, ArticleInputBody } from './article.admin.schema.ts';
import type { AdminStory, AdminStoryPage, StoryInputBody } from './story.admin.schema.ts';
import type { AdminVideo, AdminVideoPage, VideoInputBody } from './video.admin.schema.ts';

// The console's three media kinds by their collection's name under /api/admin: for the web app's API
// module (type-only imports), so its calls are typed from these routes' own schemas.

export interface ConsoleMediaKinds {
  stories: { item: AdminStory; page: AdminStoryPage; input: StoryInputBody; preview: Story };
  videos: { item: AdminVideo; page: AdminVideoPage; input: VideoInputBody; preview: Video };
  articles: { item: AdminArticle; page: AdminArticlePage; input: ArticleInputBody; preview: Article };
}

/** A list's query as sent (every part optional). */
export type ConsoleMediaListQuery = Partial<z.input<typeof ContentListQuery>>;
