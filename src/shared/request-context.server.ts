import { AsyncLocalStorage } from 'node:async_hooks';

// The ground floor's request notes: the HTTP layer opens one per request; the API (its log line, error
// code, route) and the kept pages (the session they read) write to it without importing each other.

/** What the one log line of a request gathers while the request runs. */
export interface RequestContext {
  requestId: string;
  /** The client's address, derived once from the socket and trusted proxies' X-Forwarded-For (src/server/http/client-address.ts). */
  clientAddress?: string;
  /** The first API error code raised while answering (an in-process call from a page counts). */
  errorCode?: string;
  /**
   * The route pattern that answered (`/stories/[slug]`, `/api/checkins/:id`): the metrics' route label. The
   * first one noted wins: a page's in-process API calls do not replace the page's own.
   */
  route?: string;
  /** The page request's session as the kept-page lookup read it (src/server/auth/noted-session.ts, its only reader). */
  session?: { tokenHash: string; row: unknown };
  /** The club's content version the request's caller was read with, and its database (src/server/organization/club-snapshot.ts). */
  club?: { database: object; organizationId: string; version: number };
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** Notes an API error code on the request being answered, if any (the first one wins). */
export function noteErrorCode(code: string): void {
  const context = requestContext.getStore();
  if (context && !context.errorCode) context.errorCode = code;
}

/** Notes the route pattern answering the request being answered, if any and if none is noted yet. */
export function noteRoute(route: string): void {
  const context = requestContext.getStore();
  if (context && !context.route) context.route = route;
}
