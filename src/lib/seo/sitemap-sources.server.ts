import type { ApiClient } from '~/lib/api/client.ts';
import { listArticles } from '~/features/articles/articles.api.ts';
import { PUBLIC_SITEMAP_PATHS, type SitemapEntry } from './sitemap.ts';

/**
 * The article pages (`/media/articles/{slug}`), each with its publication time, read through the same API
 * the pages use. A failed list (logged by the client) leaves the sitemap with the public pages.
 */
export async function articleSitemapEntries(api: ApiClient): Promise<SitemapEntry[]> {
  const articles = await listArticles(api).catch(() => []);
  return articles.map((article) => ({ path: `/media/articles/${encodeURIComponent(article.slug)}`, lastModified: article.publishedAt }));
}

/** Everything the sitemap lists: the public pages, then the articles. */
export async function sitemapEntries(api: ApiClient): Promise<SitemapEntry[]> {
  return [...PUBLIC_SITEMAP_PATHS.map((path) => ({ path })), ...(await articleSitemapEntries(api))];
}
