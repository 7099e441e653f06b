// Entering a sweepstake, said once: the sweepstake page's two forms (paid entries and the free one) post
// here without JavaScript (`?_action=sweepstakes.enter`), and the entry panel calls the same actions.
import { defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'astro/zod';
import { pointsText } from '~/components/ui/points-label.ts';
import { postedCount, SWEEPSTAKE_FIELD } from '~/features/sweepstakes/entry-form.ts';
import { enterSweepstake, enterSweepstakeForFree, type SweepstakeEntryResult } from '~/features/sweepstakes/sweepstakes.api.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callApi, signedIn, type Refusal } from './api-call.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

// The API's words for the count (over the cap, too few points) or for the entry (closed).
const refusal: Refusal = (problem, t) => problem.details['count'] ?? (problem.message || t('sweepstakes.entry.failed'));

/** The answer, and its toast: the entries now held and, for a supporter who sees points, what they cost. */
function entered(context: ActionAPIContext, result: SweepstakeEntryResult) {
  const { t, terms, locale, user } = signedIn(context);
  const spent = result.pointsSpent > 0 && !user.underage
    ? ` ${t('sweepstakes.entry.spent', { amount: pointsText(result.pointsSpent, terms, locale) })}` : '';
  return { ...result, toast: { title: t('sweepstakes.entry.done'), description: `${t('sweepstakes.entry.doneText', { count: result.entryCount })}${spent}` } };
}

export const sweepstakes = {
  /** POST /sweepstake/{id}/entry {count}: the API judges the count (a whole number up to the remaining cap). */
  enter: defineAction({
    accept: 'form',
    input: z.object({ [SWEEPSTAKE_FIELD]: z.unknown(), count: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }),
    handler: async (input, context) => {
      const { api } = signedIn(context);
      const call = enterSweepstake(api, text(input[SWEEPSTAKE_FIELD]), postedCount(text(input.count)), { headers: idempotencyHeaders(input[FORM_KEY_FIELD]) });
      return entered(context, await callApi(context, call, refusal));
    },
  }),
  /** POST /sweepstake/{id}/free-entry: the one free entry. */
  enterFree: defineAction({
    accept: 'form',
    input: z.object({ [SWEEPSTAKE_FIELD]: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }),
    handler: async (input, context) => {
      const { api } = signedIn(context);
      const call = enterSweepstakeForFree(api, text(input[SWEEPSTAKE_FIELD]), { headers: idempotencyHeaders(input[FORM_KEY_FIELD]) });
      return entered(context, await callApi(context, call, refusal));
    },
  }),
};
