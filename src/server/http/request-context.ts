import { AsyncLocalStorage } from 'node:async_hooks';

/** What the one log line of a request gathers while the request runs. */
export interface RequestContext {
  requestId: string;
  /** The first API error code raised while answering (an in-process call from a page counts). */
  errorCode?: string;
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
