// The server half of a form that works without JavaScript: a page reads its own POST (or the result of
// its form's action, src/actions/), which made the feature API call (so it works with API_ORIGIN too),
// then redirects (303) with a flash toast, so Reload never sends the form twice. The middleware has
// already refused a cross-origin POST.
import type { AstroGlobal } from 'astro';
import type { SafeResult } from 'astro:actions';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '~/lib/api/client.ts';
import { setFlashToast } from '~/lib/toast/flash.server.ts';
import { MOMENT_ANCHOR, momentsIn, setMomentFlash } from '~/lib/toast/moment-flash.server.ts';
import type { FlashToast } from '~/lib/toast/flash.ts';
import { FORM_KEY_FIELD } from './form-key.ts';

export { FORM_KEY_FIELD };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A key for the form being rendered: a second submit of the same page (a double tap) replays the first answer. */
export { newFormKey } from '~/shared/form-keys.server.ts';

/** The posted form, or undefined for a GET or a body that is not a form. */
export async function readPostedForm(astro: Pick<AstroGlobal, 'request'>): Promise<FormData | undefined> {
  if (astro.request.method !== 'POST') return undefined;
  // A clone: after a form's action, the React renderer reads the same body again (its form state).
  return astro.request.clone().formData().catch(() => undefined);
}

/** A posted text field, trimmed; '' when absent or a file. */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Headers for the API call: the form's own key when it sent a valid one, else a fresh one. Takes the
 * posted form, or the key field as an action's input read it (anything, since a form may send a file).
 */
export function idempotencyHeaders(form: unknown): Record<string, string> {
  const key = form instanceof FormData ? field(form, FORM_KEY_FIELD) : typeof form === 'string' ? form.trim() : '';
  return { [IDEMPOTENCY_HEADER]: UUID.test(key) ? key : newIdempotencyKey() };
}

/** After a successful post: the toast on the next page, and a 303 to `to` (by default the same page). */
export function redirectAfterPost(astro: Pick<AstroGlobal, 'cookies' | 'redirect' | 'url'>, toast: FlashToast, to?: string): Response {
  setFlashToast(astro.cookies, toast);
  return astro.redirect(to ?? astro.url.pathname + astro.url.search, 303);
}

/**
 * A page's answer to its form's action posted without JavaScript (`Astro.getActionResult`): after a
 * success, the action's toast (and the award's moments) on the next page and a 303 to `to` (which may depend on the answer); after a refusal, the response keeps
 * the refusal's status and the caller shows its words (the action chose them) beside the button. A
 * body that is no readable form is a 415 at once.
 */
export function answerAction<T>(
  astro: Pick<AstroGlobal, 'cookies' | 'redirect' | 'url' | 'response' | 'locals'>,
  result: SafeResult<any, T> | undefined,
  toast: (data: T) => FlashToast,
  to: string | ((data: T) => string),
): Response | { refusal?: string } {
  if (!result) return {};
  // A body Astro could not read as a form (a broken multipart): answered here, since rendering the page
  // would read it again (React's form state) and fail.
  if (result.error?.code === 'UNSUPPORTED_MEDIA_TYPE') {
    return new Response(astro.locals.t('api.somethingWentWrong'), { status: 415, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  if (result.error) {
    astro.response.status = result.error.status;
    return { refusal: result.error.message };
  }
  const target = typeof to === 'string' ? to : to(result.data);
  // An award's big moments (a new rank, a badge…) wait through the redirect too; the next page opens on them.
  const moments = momentsIn(result.data);
  setMomentFlash(astro.cookies, moments);
  return redirectAfterPost(astro, toast(result.data), moments.length ? `${target.split('#')[0]}#${MOMENT_ANCHOR}` : target);
}
