import type { APIRoute } from 'astro';
import { clearSessionCookie } from '~/lib/session/session.server.ts';

/** Sign-out: ends the session on the server, drops the cookie, and starts a fresh page (fresh stores). */
export const POST: APIRoute = async ({ locals, cookies, redirect }) => {
  if (locals.user) await locals.api.http.delete('session').catch(() => undefined);
  clearSessionCookie(cookies);
  return redirect('/', 303);
};
