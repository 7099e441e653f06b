import type { APIContext, MiddlewareNext } from 'astro';
import { isHTTPError } from 'ky';
import { CONSOLE_SIGN_IN, consolePageOf } from '~/lib/routing/console-routes.ts';
import { rawPathname } from '~/lib/routing/path.ts';
import { getOperatorMe } from '~/lib/session/console.api.ts';
import { clearConsoleCookie, readConsoleCookie } from '~/lib/session/console.server.ts';
import { readSessionCookie } from '~/lib/session/session.server.ts';
import { can } from '~/shared/operator-roles.ts';
import { createServerApi } from './api.server.ts';

/** Where the console says no: a supporter's sign-in, or a role without the page's permission. */
const FORBIDDEN_PAGE = '/admin/forbidden';

/**
 * Every request for /admin, its language and club loaded (src/middleware.ts): the operator behind the
 * console cookie. Signed out, the sign-in page; a supporter's session alone, or a role
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
