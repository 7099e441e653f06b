import { toSafeRelativePath } from '~/lib/navigation/safe-url.ts';
import type { Organization } from '~/lib/api/organization.ts';
import type { User } from '~/lib/session/session.api.ts';
import { readPath } from './path.ts';
import { canonicalSubtypeSlug, matchRoute, routeExists, type Access } from './routes.ts';

/**
 * What the guards need to know about the signed-in user: the API's onboarding flags (`isNewUser`,
 * `membershipChosen`: through /choose-your-membership, `welcomed`: through /welcome), `underage` (the
 * under-18 rules apply, also while `birthdayMissing`), and `properties.membership` (undefined when unset).
 */
export type GuardUser = Pick<User, 'isNewUser' | 'underage' | 'membershipChosen' | 'welcomed'>
  & Partial<Pick<User, 'birthdayMissing'>> & { membership: string | undefined };

export type GuardSettings = Pick<Organization['settings'], 'ssoEnabled' | 'loggedOffDashboard'>;

export type GuardDecision =
  /** `remember`: a signed-out visitor on a deep link (a `preview` route), kept for after sign-in. */
  | { kind: 'render'; remember?: string }
  /** `permanent`: the address itself moved (a 308, which browsers and search engines remember). */
  | { kind: 'redirect'; location: string; remember?: string; permanent?: boolean }
  /** `path` is set when the route exists but a segment failed validation. */
  | { kind: 'not-found'; message: string; path?: string };

/** Paths an under-18 user is sent away from (spec sections 2 and 6). */
export const UNDERAGE_BLOCKED = ['/welcome', '/profile/edit', '/games/poll', '/contests', '/benefits'];
/** Of those, what a supporter who has not given a birthday needs in order to give one: still open to them. */
const OPEN_UNTIL_BIRTHDAY = ['/welcome', '/profile/edit'];

export const NOT_FOUND_MESSAGE = 'Page not found';
export const invalidRouteMessage = (pathname: string) => `Page Not Found: ${pathname}`;

const withoutTrailingSlash = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** Applies the routing rules of spec sections 2 and 6 to one navigation. Pure: no I/O. */
export function decideNavigation(input: {
  /** The raw, still percent-encoded path of the request (`rawPathname`), never `context.url.pathname`. */
  pathname: string;
  search?: string;
  user: GuardUser | null;
  settings: GuardSettings;
  /** In production the development-only routes do not exist. */
  production?: boolean;
}): GuardDecision {
  // Hostile segments are refused before any rule runs (see path.ts); the rules judge the decoded path.
  const reading = readPath(input.pathname);
  if (reading.kind === 'hostile') return invalidRoute(input.pathname);
  const pathname = reading.pathname;
  const canonical = canonicalChallengePath(input.pathname, reading.segments);
  if (canonical) return { kind: 'redirect', location: canonical + (input.search ?? ''), permanent: true };
  const { user, settings } = input;
  const loggedOffDashboard = settings.loggedOffDashboard === 'true';

  const knownUnderage = !!user?.underage && !user.birthdayMissing;
  if (user?.underage && UNDERAGE_BLOCKED.includes(pathname) && (knownUnderage || !OPEN_UNTIL_BIRTHDAY.includes(pathname))) {
    return redirect('/dashboard');
  }

  const match = matchRoute(pathname, { production: input.production ?? false });
  if (!match) return { kind: 'not-found', message: NOT_FOUND_MESSAGE };
  if (!match.valid) return invalidRoute(input.pathname);

  if (pathname === '/sso' && settings.ssoEnabled !== 'true') return redirect('/');

  const access: Access = pathname === '/dashboard' && loggedOffDashboard ? 'public' : match.route.access;
  switch (access) {
    case 'public':
      break;
    case 'guest': {
      const home = loggedOffDashboard ? '/' : '/dashboard';
      if (user && pathname !== home) return redirect(home);
      break;
    }
    case 'protected':
      if (!user) {
        // Only a same-origin relative path is ever remembered (`//host` would leave the site).
        const remember = toSafeRelativePath(input.pathname + (input.search ?? ''));
        return { kind: 'redirect', location: '/', ...(remember ? { remember } : {}) };
      }
      break;
    case 'preview':
      if (!user) {
        const remember = toSafeRelativePath(input.pathname + (input.search ?? ''));
        return { kind: 'render', ...(remember ? { remember } : {}) };
      }
      break;
    default:
      throw new Error('Unknown route middleware');
  }

  if (pathname === '/dashboard' && user?.isNewUser) {
    const entryLevel = !user.membership || user.membership === 'entry';
    if (entryLevel && !user.membershipChosen) return redirect('/choose-your-membership');
    if (routeExists('/welcome') && !knownUnderage && !user.welcomed) return redirect('/welcome');
  }
  return { kind: 'render' };
}

/**
 * `/challenges/{subtype}[/{challenge}]` under the spec's subtype name (`poll`, `pickem`, `trivia`)
 * answers at the site's slug for it (`polls`, `pickems`, `quizzes`). Built from the raw segments, so
 * the challenge id keeps its encoding; anything deeper is left to the 404.
 */
function canonicalChallengePath(rawPathname: string, segments: string[]): string | undefined {
  if (segments[0] !== 'challenges' || segments.length < 2 || segments.length > 3) return undefined;
  const slug = canonicalSubtypeSlug(segments[1]!);
  if (!slug) return undefined;
  const raw = rawPathname.split('/').filter(Boolean);
  return ['', 'challenges', slug, ...raw.slice(2)].join('/');
}

/** 'Page Not Found: {path}', showing the path as it was asked for (still encoded). */
function invalidRoute(rawPathname: string): GuardDecision {
  const path = withoutTrailingSlash(rawPathname);
  return { kind: 'not-found', message: invalidRouteMessage(path), path };
}

function redirect(location: string): GuardDecision {
  return { kind: 'redirect', location };
}
