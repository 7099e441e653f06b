import type { APIRoute } from 'astro';
import { endSession } from '~/lib/session/session.api.ts';
import { clearSessionCookie } from '~/lib/session/session.server.ts';

/** Sign-out: ends the session on the server, drops the cookie, and starts a fresh page (fresh stores). */
export const POST: APIRoute = async ({ locals, cookies, redirect }) => {
  if (locals.user) await endSession(locals.api).catch(() => undefined);
  clearSessionCookie(cookies);
  return redirect('/', 303);
};
