import type { APIRoute } from 'astro';
import { publicOrigin } from '~/shared/site.server.ts';
import { buildSitemap } from '~/features/seo/sitemap.ts';
import { sitemapEntries } from '~/features/seo/sitemap-sources.server.ts';

/** For search engines: the public pages (and articles) as absolute addresses on PUBLIC_URL. */
export const GET: APIRoute = async ({ locals }) =>
  new Response(buildSitemap(publicOrigin(), await sitemapEntries(locals.api)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
