import type { APIContext, MiddlewareNext } from 'astro';
import { isHTTPError } from 'ky';
import { pointTermsOf } from '~/components/ui/points-label.ts';
import { getOperatorMe } from '~/features/admin/admin.api.ts';
import { CONSOLE_SIGN_IN, consolePageOf } from '~/lib/routing/console-routes.ts';
import { rawPathname } from '~/lib/routing/path.ts';
import { clearConsoleCookie, readConsoleCookie } from '~/lib/session/console.server.ts';
import { readSessionCookie } from '~/lib/session/session.server.ts';
import { takeFlashToast } from '~/lib/toast/flash.server.ts';
import { LANGUAGE_COOKIE, negotiateLocale } from '~/shared/i18n/locales.ts';
import { loadMessages, translator } from '~/shared/i18n/translate.ts';
import { can } from '~/shared/operator-roles.ts';
import { createServerApi, loadOrganization } from './api.server.ts';

/** Where the console says no: a supporter's sign-in, or a role without the page's permission. */
const FORBIDDEN_PAGE = '/admin/forbidden';

/**
 * Every request for /admin: the page's language, the club (for its name and colours), and the operator
 * behind the console cookie. Signed out, the sign-in page; a supporter's session alone, or a role
 * without the page's permission, 403. Console pages are never kept nor indexed.
 */
export async function routeConsole(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const response = await decide(context, next);
  response.headers.set('Cache-Control', 'private, no-store');
  response.headers.set('X-Robots-Tag', 'noindex');
  context.cache.set(false);
  return response;
}

async function decide(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { cookies, locals, request, url } = context;
  const path = rawPathname(request.url);
  locals.locale = negotiateLocale(cookies.get(LANGUAGE_COOKIE)?.value, request.headers.get('accept-language'));
  locals.messages = await loadMessages(locals.locale);
  locals.t = translator(locals.messages, locals.locale);
  locals.api = createServerApi(undefined, locals.locale);
  locals.organization = await loadOrganization(locals.api);
  locals.terms = pointTermsOf(locals.organization.settings, {
    pointTerm: locals.t('points.term', { count: 1 }), pointsTerm: locals.t('points.term', { count: 2 }),
  });
  locals.user = null;
  locals.flash = takeFlashToast(cookies);

  const token = readConsoleCookie(cookies);
  const api = createServerApi(token, locals.locale);
  const operator = token ? await getOperatorMe(api).catch((error: unknown) => {
    if (isHTTPError(error) && error.response.status === 401) return undefined;
    throw error;
  }) : undefined;
  if (token && !operator) clearConsoleCookie(cookies);
  if (operator) locals.staff = { api, operator };

  if (path === CONSOLE_SIGN_IN || path.startsWith(`${CONSOLE_SIGN_IN}/`)) return next();
  if (!operator) {
    // A supporter signed in who opens the console: told it is the staff's, with the way to sign in as staff.
    if (readSessionCookie(cookies)) return forbidden(context, next, 'supporter');
    return context.redirect(`${CONSOLE_SIGN_IN}?next=${encodeURIComponent(path + url.search)}`, 303);
  }
  const page = consolePageOf(path);
  if (!page) return next('/404');
  if (!can(operator.role, page.permission)) return forbidden(context, next, 'role');
  return next();
}

async function forbidden(context: APIContext, next: MiddlewareNext, reason: 'supporter' | 'role'): Promise<Response> {
  context.locals.consoleRefusal = reason;
  const page = await next(FORBIDDEN_PAGE);
  return new Response(page.body, { status: 403, headers: page.headers });
}
