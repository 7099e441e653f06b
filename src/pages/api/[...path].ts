import type { APIRoute } from 'astro';
import { SESSION_COOKIE } from '~/lib/session/session.server.ts';
import { getApp } from '~/server/runtime.ts';

/**
 * Every /api/* request goes to the loyalty API (Hono). A browser's session rides in the HttpOnly
 * cookie; here it becomes the bearer, so page JavaScript never handles the token. The client
 * address comes from the socket, never from a header the client could set.
 */
export const ALL: APIRoute = ({ request, cookies, clientAddress }) => {
  const headers = new Headers(request.headers);
  const token = cookies.get(SESSION_COOKIE)?.value;
  if (token) headers.set('authorization', `Bearer ${token}`);
  headers.set('x-client-ip', clientAddress);
  return getApp().fetch(new Request(request, { headers }));
};
