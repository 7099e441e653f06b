import { getConfig } from '../../shared/config.server.ts';
import { negotiateLocale } from '../../shared/i18n/locales.ts';
import { isCrossOriginUnsafe } from '../../shared/same-origin.ts';
import { sessionCookieNameFor, sessionTokenOf } from '../../shared/session-cookie.ts';
import { isSecureSite, ownOrigins } from '../../shared/site.server.ts';
import { ApiError, errorBody } from '../errors.ts';
import { findUrlProblem } from '../input/input-guard.ts';
import { getApp } from '../runtime.ts';

/**
 * Every /api request from a browser reaches the loyalty API through `forwardToApi`: the production server hands it
 * over straight from the socket (./serve.ts), skipping Astro's pipeline, which cost a write a fifth of its CPU
 * (issue 27); under `astro dev` the route src/pages/api/[...path].ts does. Either way the same checks run here.
 */
export interface ApiRequest {
  method: string;
  /** Absolute, as the HTTP server read it. */
  url: string;
  /** The browser's headers: this call may change them. */
  headers: Headers;
  /** Read whole already (the HTTP layer bounds it), or null. */
  body: Uint8Array<ArrayBuffer> | ArrayBuffer | null;
  /** The HTTP server's reading of it (the socket, or what a trusted proxy says), never a header the client set. */
  clientAddress: string;
}

/**
 * Browser headers that stop here. The cookie is turned into the bearer below; the browser's origin
 * and fetch metadata are checked here (an API origin would judge them against its own origin and
 * refuse); hop-by-hop and length headers belong to this connection only.
 */
const NOT_FORWARDED = ['cookie', 'host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding',
  'origin', 'referer', 'sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest', 'sec-fetch-user'];

/** A refusal made before the API, in the API's shape and in the language it would answer in (it hears no cookie). */
export function refusal(headers: Headers, error: ApiError): Response {
  const locale = negotiateLocale(undefined, headers.get('accept-language'));
  return Response.json(errorBody(error, locale, headers.get('x-request-id') ?? ''), { status: error.status });
}

/**
 * The API's answer to a browser's /api request: the one in this process, or the one at API_ORIGIN. The session
 * rides in the HttpOnly cookie; here it becomes the bearer, so page JavaScript never handles the token in either
 * mode. An unsafe request from another site (CSRF) and an address holding a control character are refused here.
 */
export async function forwardToApi(call: ApiRequest): Promise<Response> {
  const { method, headers } = call;
  const url = new URL(call.url);
  if (isCrossOriginUnsafe(call, ownOrigins(url.origin))) return refusal(headers, new ApiError('forbidden', 'api.request.crossOrigin'));
  // An address holding a line break: answered here as the API would (Astro's router matches no route for it).
  const problem = findUrlProblem(url);
  if (problem) return refusal(headers, new ApiError('validation_failed', 'api.fields.invalid', { [problem.field]: problem.message }));

  const token = sessionTokenOf(headers.get('cookie'), sessionCookieNameFor(isSecureSite()));
  for (const name of NOT_FORWARDED) headers.delete(name);
  if (token) headers.set('authorization', `Bearer ${token}`);
  headers.set('x-client-ip', call.clientAddress);
  const body = method === 'GET' || method === 'HEAD' ? null : call.body;
  const origin = getConfig().API_ORIGIN;
  if (!origin) return getApp().fetch(new Request(url, { method, headers, body }));

  headers.set('x-forwarded-for', call.clientAddress);
  const answer = await fetch(`${origin.replace(/\/+$/, '')}${url.pathname}${url.search}`, { method, headers, body, redirect: 'manual' });
  // A 408 tells the client its request timed out on this connection, and browsers then send it again by
  // themselves, POSTs included (Chromium sent one 9 times). Here the browser's request did arrive: what
  // timed out is the hop to the API, a gateway timeout, which no browser repeats.
  if (answer.status === 408) {
    await answer.body?.cancel();
    return refusal(headers, new ApiError('upstream_timeout', 'api.request.upstreamTimeout'));
  }
  // fetch has decoded the body; our own server compresses it again for the browser.
  const passed = new Headers(answer.headers);
  for (const name of ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']) passed.delete(name);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: passed });
}
