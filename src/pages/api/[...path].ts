import type { APIRoute } from 'astro';
import { LANGUAGE_COOKIE, negotiateLocale } from '~/shared/i18n/locales.ts';
import { readSessionCookie } from '~/lib/session/session.server.ts';
import { getConfig } from '~/shared/config.server.ts';
import { requestClientAddress } from '~/server/http/client-address.ts';
import { ApiError, errorBody } from '~/server/errors.ts';
import { getApp } from '~/server/runtime.ts';

/**
 * Browser headers that stop here. The cookie is turned into the bearer below; the browser's origin
 * and fetch metadata were checked by the middleware already (an API origin would judge them against
 * its own origin and refuse); hop-by-hop and length headers belong to this connection only.
 */
const NOT_FORWARDED = ['cookie', 'host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding',
  'origin', 'referer', 'sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest', 'sec-fetch-user'];

/**
 * Every /api/* request from a browser goes to the loyalty API: the one in this process, or the one
 * at API_ORIGIN. The session rides in the HttpOnly cookie; here it becomes the bearer, so page
 * JavaScript never handles the token in either mode. The client address is the HTTP server's (the socket,
 * or what a trusted proxy says), never a header the client could set; an API_ORIGIN hears it as
 * X-Forwarded-For, to believe when this server is among its TRUSTED_PROXIES.
 */
export const ALL: APIRoute = async ({ request, cookies, clientAddress }) => {
  const headers = new Headers(request.headers);
  for (const name of NOT_FORWARDED) headers.delete(name);
  const token = readSessionCookie(cookies);
  if (token) headers.set('authorization', `Bearer ${token}`);
  const client = requestClientAddress(clientAddress);
  headers.set('x-client-ip', client);
  // The HTTP layer has read the (bounded) body already; taking it whole here never leaves part of
  // it unread on the connection, whatever the API answers.
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  const { pathname, search } = new URL(request.url);
  const origin = getConfig().API_ORIGIN;
  if (!origin) return getApp().fetch(new Request(request.url, { method: request.method, headers, body }));

  headers.set('x-forwarded-for', client);
  const answer = await fetch(`${origin.replace(/\/+$/, '')}${pathname}${search}`, {
    method: request.method, headers, body, redirect: 'manual',
  });
  // A 408 tells the client its request timed out on this connection, and browsers then send it again by
  // themselves, POSTs included (Chromium sent one 9 times). Here the browser's request did arrive: what
  // timed out is the hop to the API, a gateway timeout, which no browser repeats.
  if (answer.status === 408) {
    await answer.body?.cancel();
    const locale = negotiateLocale(cookies.get(LANGUAGE_COOKIE)?.value, request.headers.get('accept-language'));
    const refusal = new ApiError('upstream_timeout', 'api.request.upstreamTimeout');
    return Response.json(errorBody(refusal, locale, request.headers.get('x-request-id') ?? ''), { status: refusal.status });
  }
  // fetch has decoded the body; our own server compresses it again for the browser.
  const passed = new Headers(answer.headers);
  for (const name of ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']) passed.delete(name);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: passed });
};
