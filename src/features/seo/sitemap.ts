import { PLAYLISTS, playlistUrl } from '~/shared/playlists.ts';
import { ROUTES } from '~/lib/routing/routes.ts';

/** One address of the sitemap: a path on this site, and when its content last changed if known. */
export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/** The public pages every visitor (and crawler) can read without signing in. */
export const PUBLIC_SITEMAP_PATHS: readonly string[] = [
  '/', '/about', '/accessibility', '/media', '/media/videos', '/media/instagram', ...PLAYLISTS.map((p) => playlistUrl(p.id)),
];

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** A sitemaps.org `urlset` with absolute addresses on `origin` (from PUBLIC_URL, never the request). */
export function buildSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls = entries.flatMap(({ path, lastModified }) => {
    const loc = new URL(path, origin).href;
    if (seen.has(loc)) return [];
    seen.add(loc);
    const modified = lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : '';
    return [`  <url><loc>${escapeXml(loc)}</loc>${modified}</url>`];
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/**
 * The paths crawlers should not read: the API, and every signed-in area of the route table, deep links' previews too (its
 * static head: `/stories/:id` → `/stories/`), plus development-only pages.
 */
export function disallowedPaths(): string[] {
  const heads = ROUTES.filter((r) => r.access === 'protected' || r.access === 'preview' || r.developmentOnly).map((r) => {
    const dynamic = r.pattern.indexOf('/:');
    return dynamic === -1 ? r.pattern : r.pattern.slice(0, dynamic + 1);
  });
  // A longer path under a listed one adds nothing (`/challenges/feedback/` is under `/challenges`).
  const unique = [...new Set(['/api/', ...heads])].sort();
  return unique.filter((path) => !unique.some((other) => other !== path && path.startsWith(other) && (other.endsWith('/') || path[other.length] === '/')));
}

/** robots.txt: public pages open, the API and signed-in areas closed, and where the sitemap is. */
export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths().map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}
