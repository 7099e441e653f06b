import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type { Article, ArticleReadResult, ArticleSummary } from '~/server/content/article.schema.ts';

export type { Article, ArticleReadResult, ArticleSummary };

/** GET /content/articles: published articles, newest first, each with `read` for the caller. */
export function listArticles(api: ApiClient): Promise<ArticleSummary[]> {
  return dataOf<ArticleSummary[]>(api.http.get('content/articles'));
}

/** GET /content/articles/{id}: one article by id or slug, with a read ticket for a signed-in supporter. */
export function getArticle(api: ApiClient, idOrSlug: string): Promise<Article> {
  return dataOf<Article>(api.http.get(`content/articles/${encodeURIComponent(idOrSlug)}`));
}

/**
 * POST /content/articles/{id}/read: sends the read ticket back once the article is read; pays once and
 * answers the new standing. The read form passes its own idempotency key (`headers`).
 */
export function readArticle(api: ApiClient, id: string, checksum: string, options?: CallOptions): Promise<ArticleReadResult> {
  return dataOf<ArticleReadResult>(api.http.post(`content/articles/${encodeURIComponent(id)}/read`, {
    json: { checksum }, ...(options?.headers ? { headers: options.headers } : {}),
  }));
}
