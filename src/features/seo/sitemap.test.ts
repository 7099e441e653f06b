import { describe, expect, it } from 'vitest';
import { matchRoute } from '~/lib/routing/routes.ts';
import { buildRobots, buildSitemap, disallowedPaths, PUBLIC_SITEMAP_PATHS } from './sitemap.ts';

const ORIGIN = 'https://club.example';

describe('buildSitemap', () => {
  it('lists every public page once, as an absolute address on the public origin', () => {
    const xml = buildSitemap(ORIGIN, PUBLIC_SITEMAP_PATHS.map((path) => ({ path })));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://club.example/', 'https://club.example/about', 'https://club.example/accessibility', 'https://club.example/media', 'https://club.example/media/videos',
      'https://club.example/media/instagram',
      ...['highlights', 'goals', 'interviews', 'behind-the-scenes', 'academy', 'classics'].map((id) => `https://club.example/media/playlists/${id}`),
    ]);
  });

  it('lists only pages a visitor may open', () => {
    for (const path of PUBLIC_SITEMAP_PATHS) {
      const match = matchRoute(path);
      expect(match?.valid && match.route.access !== 'protected' && !match.route.endpoint, path).toBe(true);
    }
  });

  it('escapes what XML reserves, carries lastmod, and drops repeats', () => {
    const xml = buildSitemap(ORIGIN, [
      { path: "/media/articles/fish-&-chips's", lastModified: '2026-11-20' },
      { path: "/media/articles/fish-&-chips's" },
    ]);
    expect(xml).toContain("<url><loc>https://club.example/media/articles/fish-&amp;-chips&apos;s</loc><lastmod>2026-11-20</lastmod></url>");
    expect(xml.match(/<url>/g)).toHaveLength(1);
  });
});

describe('buildRobots', () => {
  const robots = buildRobots(ORIGIN);

  it('closes the API and the signed-in areas, and points at the sitemap', () => {
    expect(robots).toContain('User-agent: *\nAllow: /\n');
    for (const path of ['/api/', '/dashboard', '/profile', '/challenges', '/history', '/stories/', '/sweepstakes', '/membership', '/welcome']) {
      expect(robots).toContain(`\nDisallow: ${path}\n`);
    }
    expect(robots).toMatch(/\nSitemap: https:\/\/club\.example\/sitemap\.xml\n$/);
  });

  it('leaves every public page open', () => {
    for (const path of PUBLIC_SITEMAP_PATHS) {
      expect(disallowedPaths().filter((closed) => path === closed || path.startsWith(closed.endsWith('/') ? closed : `${closed}/`)), path).toEqual([]);
    }
  });

  it('names each closed area once (no path already under another)', () => {
    const paths = disallowedPaths();
    expect(paths).not.toContain('/challenges/');
    expect(paths).not.toContain('/membership/upgrade');
    expect(new Set(paths).size).toBe(paths.length);
  });
});
