// What a page declares, beside its data loading, to be kept (src/server/http/kept-pages/provider.ts):
// for whom, and what it is made from. The names are the route cache's tags; the provider reads them.
import type { APIContext } from 'astro';
import { keepFormKeys } from '~/shared/form-keys.server.ts';
import { DEPENDENCIES, FOR_SUPPORTER, FOR_VISITORS, KEEP_SECONDS, type Dependency } from '~/shared/kept-pages.ts';

type Page = Pick<APIContext, 'cache' | 'locals'>;

/** The page is the same for every visitor of a language: kept for them (and by a CDN) a minute. */
export function keepForVisitors(page: Page): void {
  if (!page.locals.user) page.cache.set({ maxAge: KEEP_SECONDS, tags: [FOR_VISITORS] });
}

/** The page is made for one supporter from `dependsOn`: kept for them until one of those changes. */
export function keepForSupporter(page: Page, dependsOn: Dependency[]): void {
  if (!page.locals.user) return;
  page.cache.set({ maxAge: KEEP_SECONDS, tags: [FOR_SUPPORTER, ...dependsOn.map((name) => DEPENDENCIES[name])] });
  // Served again as it is, the page keeps its form keys: they must stay right as long as the page does.
  keepFormKeys();
}
