import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { isHTTPError } from 'ky';
import type { ApiClient } from '~/lib/api/client.ts';
import { pointTermsOf } from '~/components/ui/points-label.ts';
import { createServerApi, loadOrganization } from '~/app/api.server.ts';
import { routeConsole } from '~/app/console.server.ts';
import { isConsolePath } from '~/lib/routing/console-routes.ts';
import { LANGUAGE_COOKIE, negotiateLocale } from '~/shared/i18n/locales.ts';
import { loadMessages, translator } from '~/shared/i18n/translate.ts';
import { FOR_VISITORS, KEEP_SECONDS } from '~/shared/kept-pages.ts';
import { decideNavigation } from '~/lib/routing/guard.ts';
import { rawPathname } from '~/lib/routing/path.ts';
import { RETURN_PATH_COOKIE } from '~/lib/routing/return-path.ts';
import { isCrossOriginUnsafe } from '~/shared/same-origin.ts';
import { withReasonPhrase } from '~/lib/http/reason-phrase.server.ts';
import { ownOrigins, isSecureSite } from '~/shared/site.server.ts';
import { clearSessionCookie, loadSessionUser, readSessionCookie, SESSION_COOKIE } from '~/lib/session/session.server.ts';
import { takeFlashToast } from '~/lib/toast/flash.server.ts';
import { takeMomentFlash } from '~/lib/toast/moment-flash.server.ts';
import { getConfig } from '~/shared/config.server.ts';
import { accountTag } from '~/lib/session/account-tag.server.ts';
import { ApiError } from '~/server/errors.ts';
import { noteRoute } from '~/shared/request-context.server.ts';
import { refusal } from '~/server/http/api-forward.ts';

const ERROR_PAGES = new Set(['/404', '/500']);
/** Astro's route for actions called from a script (`/_actions/checkin.checkIn`). */
const ACTIONS_ROUTE = '/_actions/[...path]';
const PUBLIC_CACHE_CONTROL = `public, max-age=${KEEP_SECONDS}, stale-while-revalidate=600`;

/** A page kept for visitors (src/lib/cache/kept-page.ts), read without a session and answered without a cookie or a toast. */
function isSharedPublicPage(context: APIContext, hasSession: boolean): boolean {
  const { request, locals, cookies } = context;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (hasSession || locals.user || locals.flash || !context.cache.tags.includes(FOR_VISITORS)) return false;
  if (request.headers.get('cookie')?.includes(SESSION_COOKIE)) return false;
  return [...cookies.headers()].length === 0;
}

/** Where a signed-out visitor was going, for the sign-in to come back to (src/lib/routing/return-path.ts). */
function rememberReturnPath(cookies: APIContext['cookies'], path: string) {
  cookies.set(RETURN_PATH_COOKIE, path, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 * 60, secure: isSecureSite() });
}

/** What every page needs, the console's too: language, an API client, the organization and its point terms. */
async function loadBasics(context: APIContext, sessionToken: string | undefined): Promise<ApiClient> {
  const { request, cookies, locals } = context;
  locals.locale = negotiateLocale(cookies.get(LANGUAGE_COOKIE)?.value, request.headers.get('accept-language'));
  locals.messages = await loadMessages(locals.locale);
  locals.t = translator(locals.messages, locals.locale);
  const api = createServerApi(sessionToken, locals.locale);
  locals.api = api;
  locals.organization = await loadOrganization(api, locals.locale);
  locals.terms = pointTermsOf(locals.organization.settings, {
    pointTerm: locals.t('points.term', { count: 1 }), pointsTerm: locals.t('points.term', { count: 2 }),
  });
  return api;
}

/**
 * What every page of a request needs, and its user. A failure of GET /user/me other than 401 (which
 * means no user) is fatal, with the call's status.
 */
async function loadRequest(context: APIContext): Promise<NonNullable<App.Locals['loaded']>> {
  const { cookies, locals } = context;
  const api = await loadBasics(context, readSessionCookie(cookies));
  try {
    locals.user = await loadSessionUser(api);
  } catch (error) {
    locals.user = null;
    return { api, fatal: { status: isHTTPError(error) ? error.response.status : 500 } };
  }
  // A token the server no longer knows (signed out elsewhere, expired) is dropped.
  if (!locals.user && api.hasSession) clearSessionCookie(cookies);
  return { api };
}

// A page that sets `Astro.response.status` keeps Astro's "OK": every answer leaves with its real status text.
export const onRequest = defineMiddleware(async (context, next) => withReasonPhrase(await route(context, next)));

async function route(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { request, url, cookies, locals } = context;
  // One path rule (src/lib/routing/path.ts): judge the raw request path, as Astro's router routes it;
  // `url.pathname` is re-parsed after decoding (`/stories/%5C..%5Cabout` reads `/about`).
  const path = rawPathname(request.url);
  // The API notes its own route pattern (src/server/app.ts): `/api/[...path]` would say nothing.
  if (!path.startsWith('/api/')) noteRoute(context.routePattern);
  // The API authenticates its own callers; its cross-site and address checks are forwardToApi's
  // (src/server/http/api-forward.ts), whichever way the request reaches it.
  if (path === '/api' || path.startsWith('/api/')) return next();
  if (isCrossOriginUnsafe(request, ownOrigins(url.origin))) return refusal(request.headers, new ApiError('forbidden', 'api.request.crossOrigin'));

  // The club's console has its own sign-in and roles (src/app/console.server.ts); no supporter is loaded.
  if (isConsolePath(path)) {
    await loadBasics(context, undefined);
    locals.user = null;
    locals.flash = takeFlashToast(cookies);
    locals.moments = [];
    return routeConsole(context, next);
  }

  // A rewrite (to /404) runs this again with the same locals: what the request loaded stays loaded,
  // so a page makes one GET /user/me whatever it renders.
  const loaded = locals.loaded ?? (locals.loaded = await loadRequest(context));
  const { api } = loaded;
  locals.flash = undefined;
  locals.moments = [];
  // A failed GET /user/me other than 401 (logged by the API client): the error screen with its status,
  // rendered here without running this again (spec section 8: fatal errors render the error screen).
  if (loaded.fatal) {
    const screen = await (path === '/500' ? next() : next('/500'));
    // Astro answers its /500 route with 500 whatever the page sets: the status is the failed call's.
    const response = new Response(screen.body, { status: loaded.fatal.status, headers: screen.headers });
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }
  if (ERROR_PAGES.has(path)) return next();
  // An island calling a form's action (src/actions/): no page, so no page rule; each action acts for
  // the signed-in supporter only. The same-origin check above has already run.
  if (context.routePattern === ACTIONS_ROUTE) return next();

  const decision = decideNavigation({
    pathname: path,
    search: url.search,
    user: locals.user,
    settings: locals.organization.settings,
    production: getConfig().NODE_ENV === 'production',
  });
  // A flash toast waits through redirects for the page that renders; it is taken here, before
  // rendering streams, so the cookie can still be cleared.
  if (decision.kind !== 'redirect') {
    locals.flash = takeFlashToast(cookies);
    locals.moments = takeMomentFlash(cookies);
  }
  switch (decision.kind) {
    case 'render': {
      if (decision.remember) rememberReturnPath(cookies, decision.remember);
      const response = await next();
      // The service worker keeps a page only for the account it was made for (src/features/install).
      response.headers.set('X-Terrace-Account', accountTag(locals.user?.userId));
      // A page made for one supporter is never stored: not by a shared cache, and not for Back after
      // sign-out on a shared phone. no-store also keeps it out of the back/forward cache, so Back never
      // shows points or challenges from before an answer.
      // Nor indexed: whatever a signed-in supporter is shown is theirs (Base.astro adds the meta tag too).
      if (locals.user) {
        if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'private, no-store');
        response.headers.set('X-Robots-Tag', 'noindex');
      }
      // The same public page for every anonymous visitor with the same language: a CDN may keep it,
      // and so does our server (src/server/http/kept-pages/). Never with a cookie set or a toast.
      else if (isSharedPublicPage(context, api.hasSession) && !response.headers.has('Cache-Control')) {
        response.headers.set('Cache-Control', PUBLIC_CACHE_CONTROL);
        response.headers.set('Vary', 'Accept-Language, Cookie');
      }
      // Anything else a visitor is answered is theirs alone: whatever the page declared, it is not kept.
      else context.cache.set(false);
      return response;
    }
    case 'redirect':
      if (decision.remember) rememberReturnPath(cookies, decision.remember);
      return context.redirect(decision.location, decision.permanent ? 308 : 302);
    case 'not-found':
      locals.notFound = decision.path ? { path: decision.path } : {};
      return context.rewrite('/404');
  }
}
