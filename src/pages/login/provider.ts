import type { APIRoute } from 'astro';
import { readApiProblem } from '~/lib/api/errors.ts';
import { startProviderSignIn } from '~/lib/session/session.api.ts';
import { providerProblemOf } from '~/lib/session/provider-problem.ts';
import { setProviderStateCookie } from '~/lib/session/session.server.ts';
import { requestClientAddress } from '~/server/http/client-address.ts';

/**
 * "Sign in with {club}" on /login: a plain link (a form post could not be redirected to the provider under
 * `form-action 'self'`). Starts the sign-in at the club's identity provider and sends the browser there.
 */
export const GET: APIRoute = async ({ locals, cookies, redirect, clientAddress }) => {
  try {
    const { url, state } = await startProviderSignIn(locals.api, requestClientAddress(clientAddress));
    setProviderStateCookie(cookies, state);
    return redirect(url, 303);
  } catch (error) {
    const { code } = await readApiProblem(error);
    // No provider set up (an old link): /login shows the ways in there are.
    return redirect(code === 'provider_off' ? '/login' : `/login?problem=${providerProblemOf(code)}`, 303);
  }
};
