import type { APIRoute } from 'astro';
import { readApiProblem } from '~/lib/api/errors.ts';
import { startProviderSignIn } from '~/lib/session/session.api.ts';
import { providerProblemOf } from '~/lib/session/provider-problem.ts';
import { setProviderStateCookie } from '~/lib/session/session.server.ts';

/**
 * "Sign in with {club}" on /login: a plain link (a form post could not be redirected to the provider under
 * `form-action 'self'`). Starts the sign-in at the club's identity provider and sends the browser there.
 */
export const GET: APIRoute = async ({ locals, cookies, redirect, clientAddress }) => {
  try {
    const { url, state } = await startProviderSignIn(locals.api, clientAddress);
    setProviderStateCookie(cookies, state);
    return redirect(url, 303);
  } catch (error) {
    return redirect(`/login?problem=${providerProblemOf((await readApiProblem(error)).code)}`, 303);
  }
};
