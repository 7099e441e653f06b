import type { APIRequestContext } from '@playwright/test';
import { CHALLENGE_SUBTYPES, matchRoute, ROUTES, type RouteDefinition } from '../../../src/lib/routing/routes.ts';

// What a supporter can reach by tapping: the site's pages read as HTML (no rendering, so a crawl of
// every page costs a second or two), their same-origin links followed breadth-first. Shared by the
// reach proof and the every-page suite (axe, width, screenshots), which take their real ids from here.

export interface Reached {
  /** The page's path as it answered (after redirects), without query or fragment. */
  path: string;
  /** Taps from the start page (0 for the start page itself). */
  taps: number;
  /** The pages tapped through, start page first, this page last. */
  trail: string[];
  status: number;
}

export interface SiteMap {
  pages: Map<string, Reached>;
  /** Form endpoints (`<form action>`) seen on the pages read, with the taps to the page holding the form + 1. */
  forms: Map<string, Reached>;
}

const decodeEntities = (s: string) => s.replace(/&amp;/g, '&').replace(/&#x2F;/gi, '/').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

function attributeValues(html: string, tag: string, attribute: string): string[] {
  const values: string[] = [];
  for (const [element] of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))) {
    const value = new RegExp(`\\s${attribute}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(element);
    if (value) values.push(decodeEntities(value[1] ?? value[2] ?? value[3] ?? ''));
  }
  return values;
}

/** A same-origin page address (not the API, not a file), as a path; undefined otherwise. */
function pagePath(href: string, base: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(base).origin) return undefined;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/api' || path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) return undefined;
  return path;
}

/** Reads pages breadth-first from the `starts` (0 taps), following links, up to `maxTaps` taps. */
export async function crawl(request: APIRequestContext, baseURL: string, starts: string[], maxTaps: number): Promise<SiteMap> {
  const pages = new Map<string, Reached>();
  const forms = new Map<string, Reached>();
  const asked = new Set<string>(starts);
  let frontier: { path: string; trail: string[] }[] = starts.map((path) => ({ path, trail: [] }));
  for (let taps = 0; taps <= maxTaps && frontier.length > 0; taps += 1) {
    const next: typeof frontier = [];
    // A few at a time: the server shares two cores with the browsers of the other tests.
    for (let i = 0; i < frontier.length; i += 6) {
      await Promise.all(frontier.slice(i, i + 6).map(async ({ path, trail }) => {
        const response = await request.get(new URL(path, baseURL).href);
        const landed = pagePath(response.url(), baseURL) ?? path;
        const reached: Reached = { path: landed, taps, trail: [...trail, landed], status: response.status() };
        if (!pages.has(landed)) pages.set(landed, reached);
        if (taps === maxTaps || !(response.headers()['content-type'] ?? '').includes('text/html')) return;
        const html = await response.text();
        for (const action of attributeValues(html, 'form', 'action')) {
          const target = pagePath(action, response.url());
          if (target && !forms.has(target)) forms.set(target, { ...reached, path: target, taps: taps + 1, trail: [...reached.trail, target] });
        }
        for (const href of attributeValues(html, 'a', 'href')) {
          const target = pagePath(href, response.url());
          if (!target || asked.has(target)) continue;
          asked.add(target);
          next.push({ path: target, trail: reached.trail });
        }
      }));
    }
    frontier = next;
  }
  return { pages, forms };
}

/** A route as the suites check it: one entry per challenge subtype (list and challenge), so each type is covered. */
export interface RouteCheck {
  /** `/challenges/:subtype` for a pattern, `/challenges/polls` for a subtype list. */
  name: string;
  route: RouteDefinition;
  /** Does this path show this route? */
  fits: (path: string) => boolean;
}

export function routeChecks(options: { includeEndpoints?: boolean } = {}): RouteCheck[] {
  return ROUTES.filter((route) => !route.developmentOnly && (options.includeEndpoints || !route.endpoint)).flatMap((route) => {
    const fits = (path: string) => {
      const match = matchRoute(path);
      return !!match && match.valid && match.route === route;
    };
    const slugs = Object.keys(CHALLENGE_SUBTYPES);
    if (route.pattern === '/challenges/:subtype') {
      return slugs.map((slug) => ({ name: `/challenges/${slug}`, route, fits: (path: string) => path === `/challenges/${slug}` }));
    }
    if (route.pattern === '/challenges/:subtype/:challenge') {
      return slugs.map((slug) => ({
        name: `/challenges/${slug}/:challenge`, route, fits: (path: string) => fits(path) && path.startsWith(`/challenges/${slug}/`),
      }));
    }
    return [{ name: route.pattern, route, fits }];
  });
}

/**
 * One real address per route: a static pattern is its own address; a dynamic one takes the first
 * page of the crawl that fits it (so the id is one the site links to), else undefined.
 */
export function sampleAddress(check: RouteCheck, map: SiteMap): string | undefined {
  if (!check.name.includes(':')) return check.name;
  const linked = [...map.pages.values()].find((page) => page.status === 200 && check.fits(page.path));
  return (linked ?? [...map.forms.values()].find((form) => check.fits(form.path)))?.path;
}
