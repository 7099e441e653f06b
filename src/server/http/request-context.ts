import { AsyncLocalStorage } from 'node:async_hooks';
import type { LiveSession } from '../session/session.repository.ts';

/** What the one log line of a request gathers while the request runs. */
export interface RequestContext {
  requestId: string;
  /** The client's address, derived once from the socket and trusted proxies' X-Forwarded-For (./client-address.ts). */
  clientAddress?: string;
  /** The first API error code raised while answering (an in-process call from a page counts). */
  errorCode?: string;
  /**
   * The route pattern that answered (`/stories/[slug]`, `/api/checkins/:id`): the metrics' route label. The
   * first one noted wins: a page's in-process API calls do not replace the page's own.
   */
  route?: string;
  /** The page request's session as the kept-page lookup read it: its API calls look it up no second time. */
  session?: { tokenHash: string; row: LiveSession };
}

// On globalThis: the HTTP server runs from source and the built Astro bundle carries its own copy
// of this module; both must see the same store.
const KEY = Symbol.for('terrace.request-context');
const shared = globalThis as { [KEY]?: AsyncLocalStorage<RequestContext> };
export const requestContext = (shared[KEY] ??= new AsyncLocalStorage<RequestContext>());

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

/** Hands the page request's session to its in-process API calls. */
export function noteSession(tokenHash: string, row: LiveSession): void {
  const context = requestContext.getStore();
  if (context) context.session = { tokenHash, row };
}

/** The session noted for this token hash in the page request being answered, if any. */
export function takeNotedSession(tokenHash: string): LiveSession | undefined {
  const noted = requestContext.getStore()?.session;
  return noted?.tokenHash === tokenHash ? noted.row : undefined;
}
