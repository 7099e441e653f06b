import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isConsolePath } from './console-routes.ts';
import { layoutOf, matchRoute, ROUTES, type Layout } from './routes.ts';

// The route table declares each page's layout (spec section 2: default and no-bottom-nav, none for
// `/`, default when a route declares none). Pages pick their layout by import, so this holds each
// page file to its route's declaration: a new page, or a changed one, cannot drift from the table.

const PAGES = join(import.meta.dirname, '..', '..', 'pages');
const LAYOUT_IMPORTS: Record<Exclude<Layout, 'none'>, RegExp> = {
  default: /from ['"]~\/layouts\/Default\.astro['"]/,
  'no-bottom-nav': /from ['"]~\/layouts\/NoBottomNav\.astro['"]/,
};

/** The page file of a route pattern: `/challenges/:subtype` → challenges/[subtype]/index.astro or challenges/[subtype].astro. */
function pageFileOf(pattern: string): string | undefined {
  const parts = pattern.split('/').filter(Boolean);
  let dir = PAGES;
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    const names = readdirSync(dir);
    const fits = (name: string) => (part.startsWith(':') ? /^\[[^.\]]+\]/.test(name) : name === part || name.startsWith(`${part}.`));
    if (last) {
      const file = names.find((n) => fits(n) && n.endsWith('.astro'));
      if (file) return join(dir, file);
    }
    const sub = names.find((n) => fits(n) && !n.includes('.'));
    if (!sub) return undefined;
    dir = join(dir, sub);
  }
  const index = join(dir, 'index.astro');
  return existsSync(index) ? index : undefined;
}


/**
 * The layout a page renders in: the page imports it (a feature never does: eslint.config.js keeps layouts
 * above features). A page whose template is empty renders nothing itself (every request is a rewrite to
 * the 404 page or a redirect): `undefined`, nothing to check.
 */
function layoutOfPage(source: string): Layout | 'several' | undefined {
  const template = source.split(/^---$/m)[2] ?? source;
  if (!template.trim()) return undefined;
  return layoutUsed(source);
}

function layoutUsed(source: string): Layout | 'several' {
  const used = (Object.keys(LAYOUT_IMPORTS) as (keyof typeof LAYOUT_IMPORTS)[]).filter((l) => LAYOUT_IMPORTS[l].test(source));
  if (used.length > 1) return 'several';
  return used[0] ?? 'none';
}

function astroPages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return astroPages(path);
    return entry.name.endsWith('.astro') ? [path] : [];
  });
}

describe('layouts follow the route table', () => {
  const pages = ROUTES.filter((route) => !route.endpoint);

  it('every page of the table exists', () => {
    expect(pages.filter((route) => !pageFileOf(route.pattern)).map((r) => r.pattern)).toEqual([]);
  });

  it('each page uses the layout its route declares, default when none is declared', () => {
    const wrong = pages.flatMap((route) => {
      const file = pageFileOf(route.pattern);
      if (!file) return [];
      const used = layoutOfPage(readFileSync(file, 'utf8'));
      return used === undefined || used === layoutOf(route) ? [] : [`${route.pattern}: declared ${layoutOf(route)}, uses ${used}`];
    });
    expect(wrong).toEqual([]);
  });

  it("matches the spec: `/` has no layout and allows an incomplete profile; a route that declares none gets default", () => {
    const root = ROUTES.find((r) => r.pattern === '/')!;
    expect(layoutOf(root)).toBe('none');
    expect(root.allowsIncompleteProfile).toBe(true);
    expect(ROUTES.filter((r) => r.allowsIncompleteProfile).map((r) => r.pattern)).toEqual(['/']);
    expect(layoutOf(ROUTES.find((r) => r.pattern === '/dashboard')!)).toBe('default');
    expect(layoutOf({})).toBe('default');
  });

  // The console (/admin) has its own table, console-routes.ts, and its own layout.
  it('every page file has a route in the table (error pages and the console aside)', () => {
    const orphans = astroPages(PAGES)
      .map((file) => '/' + relative(PAGES, file).replace(/\.astro$/, '').replace(/(^|\/)index$/, '').replace(/\[[^\]]+\]/g, 'x1'))
      .map((path) => path.replace(/\/$/, '') || '/')
      .filter((path) => !['/404', '/500'].includes(path) && !isConsolePath(path) && !matchRoute(path));
    expect(orphans).toEqual([]);
  });
});
