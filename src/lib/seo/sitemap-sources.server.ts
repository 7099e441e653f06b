import { PUBLIC_SITEMAP_PATHS, type SitemapEntry } from './sitemap.ts';

/**
 * Hook for the article pages (`/media/articles/{slug}`, issue 13 point 2): answers [] until the
 * articles feature exists; then it lists each published article's path and its last change.
 */
export async function articleSitemapEntries(): Promise<SitemapEntry[]> {
  return [];
}

/** Everything the sitemap lists: the public pages, then the articles. */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  return [...PUBLIC_SITEMAP_PATHS.map((path) => ({ path })), ...(await articleSitemapEntries())];
}
