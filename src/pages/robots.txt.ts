import type { APIRoute } from 'astro';
import { publicOrigin } from '~/shared/site.server.ts';
import { buildRobots } from '~/features/seo/sitemap.ts';

/** For crawlers: built from the route table, so a new signed-in area is closed to them by itself. */
export const GET: APIRoute = () =>
  new Response(buildRobots(publicOrigin()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
