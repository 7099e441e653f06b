import type { APIRoute } from 'astro';
import { endConsoleSession } from '~/features/admin/admin.api.ts';
import { clearConsoleCookie } from '~/lib/session/console.server.ts';

// POST /admin/logout: ends the console session on the server, forgets the cookie, back to the sign-in.
// A GET (a link, a prefetch) signs no one out.
export const POST: APIRoute = async ({ locals, cookies, redirect }) => {
  if (locals.staff) await endConsoleSession(locals.staff.api).catch(() => undefined);
  clearConsoleCookie(cookies);
  return redirect('/admin/login', 303);
};

export const GET: APIRoute = ({ redirect }) => redirect('/admin', 303);
