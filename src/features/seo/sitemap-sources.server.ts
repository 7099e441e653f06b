import type { ApiClient } from '~/lib/api/client.ts';
import { listArticles } from '~/features/articles/articles.api.ts';
import { listVideos } from '~/features/videos/videos.api.ts';
import { PUBLIC_SITEMAP_PATHS, type SitemapEntry } from './sitemap.ts';

/**
 * The article pages (`/media/articles/{slug}`), each with its publication time, read through the same API
 * the pages use. A failed list (logged by the client) leaves the sitemap with the public pages.
 */
export async function articleSitemapEntries(api: ApiClient): Promise<SitemapEntry[]> {
  const articles = await listArticles(api).catch(() => []);
  return articles.map((article) => ({ path: `/media/articles/${encodeURIComponent(article.slug)}`, lastModified: article.publishedAt }));
}

/** The video pages (`/media/videos/{slug}`), each with its publication time; a failed list leaves them out. */
export async function videoSitemapEntries(api: ApiClient): Promise<SitemapEntry[]> {
  const videos = await listVideos(api).catch(() => []);
  return videos.map((video) => ({ path: `/media/videos/${encodeURIComponent(video.slug)}`, lastModified: video.publishedAt }));
}

/** Everything the sitemap lists: the public pages, then the articles, then the videos. */
export async function sitemapEntries(api: ApiClient): Promise<SitemapEntry[]> {
  const [articles, videos] = await Promise.all([articleSitemapEntries(api), videoSitemapEntries(api)]);
  return [...PUBLIC_SITEMAP_PATHS.map((path) => ({ path })), ...articles, ...videos];
}
