// What a page declares, beside its data loading, to be kept (src/server/http/kept-pages/provider.ts):
// for whom, and what it is made from. The names are the route cache's tags; the provider reads them.
import type { APIContext } from 'astro';
import { keepFormKeys } from '../forms/form-key.server.ts';

/** How long a kept page may be served at most, whatever it depends on (the organization is kept as long). */
export const KEEP_SECONDS = 60;

/** Kept once per address and language, for every visitor without a session. */
export const FOR_VISITORS = 'for:visitors';
/** Kept per supporter, address and language, and checked against what it depends on at every serve. */
export const FOR_SUPPORTER = 'for:supporter';

/**
 * What a supporter's page may be made from. The provider serves a kept page again only while each
 * thing it names is unchanged; a page that shows something it does not name may be a minute old.
 */
export const DEPENDENCIES = {
  /** The supporter's own state (balance, streak, answers, entries): their version, raised by every write of theirs and every balance change. */
  own: 'on:own',
  /** The club's content and settings: the club's version, raised by every operator write. */
  club: 'on:club',
  /** Challenges and stories appearing or closing: kept no later than the next such moment. */
  schedule: 'on:schedule',
  /** The organization's date (check-in, birthday, age): kept no later than its midnight. */
  day: 'on:day',
} as const;
export type Dependency = keyof typeof DEPENDENCIES;

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
