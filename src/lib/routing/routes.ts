/**
 * Who may open a route: guests only, anyone (public, for search engines), or signed-in users. A `preview`
 * route is a deep link (a QR code, a shared story or sweepstake): signed in it is a protected page; signed
 * out it renders its own signed-out view (what is waiting, and a sign-in) and the guard remembers the link,
 * so signing in comes back to it.
 */
export type Access = 'guest' | 'public' | 'protected' | 'preview';

/** URL slug of each challenge subtype that has its own list page, and the spec's name for it. */
export const CHALLENGE_SUBTYPES = {
  polls: { subtype: 'poll', label: 'Polls' },
  pickems: { subtype: 'pickem', label: "Pick'ems" },
  arcade: { subtype: 'arcade', label: 'Arcade' },
  quizzes: { subtype: 'trivia', label: 'Quizzes' },
  keyword: { subtype: 'keyword', label: 'Keyword' },
} as const;

export type ChallengeSubtypeSlug = keyof typeof CHALLENGE_SUBTYPES;

export function isChallengeSubtypeSlug(value: string): value is ChallengeSubtypeSlug {
  return Object.hasOwn(CHALLENGE_SUBTYPES, value);
}

/**
 * The canonical slug for a spec subtype name that differs from it (`poll` → `polls`, `trivia` →
 * `quizzes`): `/challenges/{subtype}` answers to both, the spec's name by a permanent redirect.
 */
export function canonicalSubtypeSlug(value: string): ChallengeSubtypeSlug | undefined {
  if (isChallengeSubtypeSlug(value)) return undefined;
  const entry = Object.entries(CHALLENGE_SUBTYPES).find(([, v]) => v.subtype === value);
  return entry?.[0] as ChallengeSubtypeSlug | undefined;
}

const isId = (value: string) => /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(value);
const isSlug = (value: string) => /^[a-z0-9][a-z0-9-]{0,63}$/.test(value);

/** Spec: 'Layouts: default and no-bottom-nav'; `/` has none. */
export type Layout = 'default' | 'no-bottom-nav' | 'none';

export interface RouteDefinition {
  pattern: string;
  access: Access;
  /** The page's layout; a route that declares none gets default (spec section 2). */
  layout?: Layout;
  /** Spec: `/` allows an incomplete profile (onboarding never sends a visitor away from it). */
  allowsIncompleteProfile?: boolean;
  /** A form endpoint (POST, then a redirect): no page, no layout. */
  endpoint?: boolean;
  /** Exists only outside production (NODE_ENV=production). */
  developmentOnly?: boolean;
  /** Validators for `:name` segments; a failure answers 404 'Page Not Found: {path}'. */
  params?: Record<string, (value: string) => boolean>;
}

/**
 * Every route of spec section 2. Pages live at the same paths under src/pages, each in the layout
 * declared here (default when none is: layouts.test.ts holds every page to it).
 */
export const ROUTES: readonly RouteDefinition[] = [
  { pattern: '/', access: 'guest', layout: 'none', allowsIncompleteProfile: true },
  { pattern: '/login', access: 'guest', layout: 'no-bottom-nav' },
  { pattern: '/login/verify-email', access: 'guest', layout: 'no-bottom-nav' },
  { pattern: '/sso', access: 'protected', layout: 'no-bottom-nav' },
  { pattern: '/dashboard', access: 'protected' },
  { pattern: '/welcome', access: 'protected', layout: 'no-bottom-nav' },
  { pattern: '/about', access: 'public' },
  // The WCAG 2.2 AA statement (issue 26, point 9), from axe's summary and the checks made by hand.
  { pattern: '/accessibility', access: 'public' },
  { pattern: '/challenges', access: 'protected' },
  { pattern: '/challenges/:subtype', access: 'protected', params: { subtype: isChallengeSubtypeSlug } },
  // The feedback challenge has no tab (spec: kept apart from the list), and an address of its own.
  { pattern: '/challenges/feedback/:challenge', access: 'protected', params: { challenge: isId } },
  {
    pattern: '/challenges/:subtype/:challenge',
    access: 'protected',
    params: { subtype: isChallengeSubtypeSlug, challenge: isId },
  },
  { pattern: '/choose-your-membership', access: 'protected', layout: 'no-bottom-nav' },
  {
    pattern: '/choose-your-membership/:membership', access: 'protected', layout: 'no-bottom-nav', params: { membership: isSlug },
  },
  { pattern: '/membership', access: 'protected' },
  { pattern: '/membership/upgrade', access: 'protected' },
  { pattern: '/membership/upgrade/:membership', access: 'protected', params: { membership: isSlug } },
  { pattern: '/enhanced-experiences', access: 'protected' },
  { pattern: '/history', access: 'protected' },
  // Leaderboards (issue 26): the week's at /leaderboards, the month's and the season's beside it.
  { pattern: '/leaderboards', access: 'protected' },
  { pattern: '/leaderboards/:period', access: 'protected', params: { period: (value) => value === 'month' || value === 'season' } },
  { pattern: '/media', access: 'public' },
  { pattern: '/media/instagram', access: 'public' },
  { pattern: '/media/articles/:slug', access: 'public', params: { slug: isSlug } },
  { pattern: '/media/playlists/:id', access: 'public', params: { id: isId } },
  { pattern: '/media/videos', access: 'public' },
  { pattern: '/media/videos/:video', access: 'public', params: { video: isId } },
  { pattern: '/profile', access: 'protected' },
  { pattern: '/profile/edit', access: 'protected', layout: 'no-bottom-nav' },
  // What Terrace holds about the supporter: a download, and the erasure (issue 25, privacy).
  { pattern: '/profile/data', access: 'protected' },
  { pattern: '/profile/data.json', access: 'protected', endpoint: true },
  // Requests to the club (a wrong birthday, missing points): open to under-18s, who may not edit the profile.
  { pattern: '/profile/requests', access: 'protected' },
  // Badges earned (activations', milestones') with their dates, and the milestones still to earn.
  { pattern: '/profile/badges', access: 'protected' },
  { pattern: '/referral', access: 'protected' },
  // Deep links (issue 26, point 7): signed out, the story's cover, the prize, the badge, and a sign-in that comes back.
  { pattern: '/stories/:id', access: 'preview', layout: 'no-bottom-nav', params: { id: isId } },
  { pattern: '/sweepstakes', access: 'protected' },
  { pattern: '/sweepstakes/:sweepstake', access: 'preview', params: { sweepstake: isId } },
  // A draw anyone can check (issue 26, point 6): the public record, recomputed in the visitor's browser.
  { pattern: '/sweepstakes/:sweepstake/verify', access: 'public', params: { sweepstake: isId } },
  // An activation's scannable link (its QR code): a signed-out supporter sees the badge, signs in and lands back on it.
  { pattern: '/a/:slug', access: 'preview', layout: 'default', params: { slug: isSlug } },
  // Form endpoints (they work without JavaScript).
  { pattern: '/language', access: 'public', endpoint: true },
  // Its answer is a page (NoBottomNav) only on the way to the club's identity provider's own sign-out.
  { pattern: '/logout', access: 'public', endpoint: true },
  // Sign-in at the club's identity provider (OIDC_ISSUER): the form's endpoint, and where the provider sends back.
  { pattern: '/login/provider', access: 'guest', endpoint: true },
  { pattern: '/login/provider/callback', access: 'guest', endpoint: true },
  // For search engines (src/features/seo/sitemap.ts): answers, not pages.
  { pattern: '/sitemap.xml', access: 'public', endpoint: true },
  { pattern: '/robots.txt', access: 'public', endpoint: true },
  // What a page starts after first paint when analytics or tracing is configured (src/features/observe/late.ts).
  { pattern: '/observe.json', access: 'public', endpoint: true },
  // The app on the phone (issue 26): what a phone installs, its icons, and the page the service worker shows
  // with no signal (public/sw.js is a built file, not a route).
  { pattern: '/manifest.webmanifest', access: 'public', endpoint: true },
  { pattern: '/favicon.ico', access: 'public', endpoint: true },
  { pattern: '/icons/:name', access: 'public', endpoint: true, params: { name: (value) => /^(maskable-)?\d{2,3}\.png$/.test(value) } },
  { pattern: '/offline', access: 'public', layout: 'no-bottom-nav' },
  { pattern: '/dev/gallery', access: 'public', layout: 'no-bottom-nav', developmentOnly: true },
];

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
  /** False when a dynamic segment failed its validator. */
  valid: boolean;
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

/**
 * Finds the route for a decoded path (see `readPath`; a trailing slash is ignored); undefined means
 * an unknown route.
 */
export function matchRoute(pathname: string, options: { production?: boolean } = {}): RouteMatch | undefined {
  const segments = splitPath(pathname);
  for (const route of ROUTES) {
    if (route.developmentOnly && options.production) continue;
    const parts = splitPath(route.pattern);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = parts.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith(':')) return part === segment;
      params[part.slice(1)] = segment;
      return true;
    });
    if (!fits) continue;
    const valid = Object.entries(route.params ?? {}).every(([name, check]) => check(params[name] ?? ''));
    return { route, params, valid };
  }
  return undefined;
}

export function routeExists(pathname: string): boolean {
  return matchRoute(pathname) !== undefined;
}

/** The layout a route's page uses: the declared one, else default (spec section 2). */
export function layoutOf(route: Pick<RouteDefinition, 'layout'>): Layout {
  return route.layout ?? 'default';
}
