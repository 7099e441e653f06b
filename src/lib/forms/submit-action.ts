// The island's half of a form (the page's half is answerAction in ./form-action.server.ts): the same
// form, sent to the same action, whose answer carries the toast or the refusal words it chose.
import type { SafeResult } from 'astro:actions';
import { newIdempotencyKey } from '~/lib/api/client.ts';
import { announceSignedOut } from '~/lib/api/signed-out.ts';
import { FORM_KEY_FIELD } from './form-key.ts';

/** Astro's actions, as `import { actions } from 'astro:actions'` gives them. */
export type Actions = typeof import('astro:actions').actions;

/**
 * Astro's actions client (its fetch and answer parser, some 3 KiB gzip), loaded at the first send: an island
 * only sends after a tap. The service worker keeps its chunk, so a send with no signal still finds it
 * (src/build/service-worker.ts).
 */
export const loadActions = (): Promise<{ actions: Actions }> => import('./actions-client.ts').then(({ actions }) => ({ actions }));

/** What an island shows: the action's answer, or its refusal (status and words). */
export type Submitted<T> = { data: T; refusal?: undefined } | { data?: undefined; refusal: { status: number; message: string } };

/**
 * Sends the form to its action. Each press is a write of its own, so it goes with a fresh idempotency
 * key (the page's key is for the form posted without JavaScript; the island's busy state stops a double
 * tap). A 401 raises the signed-out toast; no answer at all is a refusal in `failed`'s words.
 */
export async function submitAction<T>(
  /** The action, from Astro's actions: `(actions) => actions.checkin.checkIn`. */
  pick: (actions: Actions) => (input: FormData) => Promise<SafeResult<any, T>>,
  form: HTMLFormElement,
  failed: string,
  /** Fields the island sets itself (what it shows may be tidier than what the field holds). */
  fields: Record<string, string> = {},
): Promise<Submitted<T>> {
  const input = new FormData(form);
  for (const [name, value] of Object.entries(fields)) input.set(name, value);
  input.set(FORM_KEY_FIELD, newIdempotencyKey());
  try {
    // Held in an object: `actions` answers any property, `then` too, so a promise would take it for a thenable.
    const { actions } = await loadActions();
    const { data, error } = await pick(actions)(input);
    if (!error) return { data: data as T };
    if (error.status === 401) announceSignedOut();
    return { refusal: { status: error.status, message: error.message || failed } };
  } catch {
    return { refusal: { status: 503, message: failed } };
  }
}
