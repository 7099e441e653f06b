import type { APIRoute } from 'astro';
import { forgetReferralCode, referralCodeField } from '~/features/referral/referral.server.ts';
import { readApiProblem } from '~/lib/api/errors.ts';
import { pathAfterSignIn, RETURN_PATH_COOKIE } from '~/lib/routing/return-path.ts';
import { finishProviderSignIn } from '~/lib/session/session.api.ts';
import { providerProblemOf } from '~/lib/session/provider-problem.ts';
import { setSessionCookie, takeProviderStateCookie } from '~/lib/session/session.server.ts';

/**
 * Where the club's identity provider sends the supporter back. The state must be the one this browser
 * kept when it started (else a forged or shared link could sign it in as someone else); the API checks the
 * rest. Signed in, the supporter goes where e-mail sign-in would send them; refused, back to /login with
 * words they can act on, never an error page.
 */
export const GET: APIRoute = async ({ locals, cookies, url, redirect }) => {
  const kept = takeProviderStateCookie(cookies);
  const state = url.searchParams.get('state') ?? '';
  if (!kept || kept !== state) return redirect('/login?problem=state', 303);
  try {
    const { token } = await finishProviderSignIn(locals.api, { state, callback: url.search.slice(1), ...referralCodeField(cookies) });
    setSessionCookie(cookies, token);
    forgetReferralCode(cookies);
    const remembered = cookies.get(RETURN_PATH_COOKIE)?.value;
    cookies.delete(RETURN_PATH_COOKIE, { path: '/' });
    return redirect(pathAfterSignIn(remembered), 303);
  } catch (error) {
    return redirect(`/login?problem=${providerProblemOf((await readApiProblem(error)).code)}`, 303);
  }
};
