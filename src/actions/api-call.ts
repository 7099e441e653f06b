// What every action does around its feature API call: it acts for the signed-in supporter only, and a
// refusal of the API becomes an ActionError with the API's status and the words the feature chose, so
// the page without JavaScript and the island with it show the same thing.
import { ActionError, type ActionAPIContext } from 'astro:actions';
import { isHTTPError } from 'ky';
import { readApiProblem, type ApiProblem } from '~/lib/api/errors.ts';
import type { MessageKey } from '~/shared/i18n/translate.ts';

/** The words for a refusal, in the request's language (`t` is the page's). */
export type Refusal = (problem: ApiProblem, t: App.Locals['t']) => string;

/** The request's locals, once a supporter is signed in; else a 401 with the signed-out words. */
export function signedIn(context: ActionAPIContext): App.Locals & { user: NonNullable<App.Locals['user']> } {
  const { locals } = context;
  if (!locals.user) throw new ActionError({ code: 'UNAUTHORIZED', message: locals.t('session.signedOut') });
  return locals as App.Locals & { user: NonNullable<App.Locals['user']> };
}

/**
 * The call's answer, or an ActionError: a 401 (the session ended meanwhile) says so in the one
 * signed-out sentence (the supporters', or the console's); any other refusal in the feature's words. A call that got no answer at all
 * (the API unreachable, a timeout) is a 503 in the feature's words for a failure.
 */
export async function callApi<T>(context: ActionAPIContext, call: Promise<T>, refusal: Refusal, signedOut: MessageKey = 'session.signedOut'): Promise<T> {
  const { t } = context.locals;
  try {
    return await call;
  } catch (error) {
    // A feature API function may wrap the API's answer in an error of its own (`cause`).
    const answer = isHTTPError(error) ? error : error instanceof Error && isHTTPError(error.cause) ? error.cause : undefined;
    const problem: ApiProblem = answer
      ? await readApiProblem(answer, t)
      : { status: 503, code: 'internal_error', message: '', details: {} };
    const message = problem.status === 401 ? t(signedOut) : refusal(problem, t);
    // The API at API_ORIGIN timed out (408): to the browser, whose request did arrive, a gateway timeout.
    // A 408 would make it send the POST again by itself (as src/pages/api/[...path].ts says).
    // An API that failed (500) is, to the browser, a service unavailable for now: the form stays, with a try-again message.
    const status = problem.status === 408 ? 504 : problem.status === 500 ? 503 : problem.status;
    throw new ActionError({ code: ActionError.statusToCode(status), message });
  }
}
