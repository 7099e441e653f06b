// The daily check-in, said once: the dashboard's form posts here without JavaScript
// (`/dashboard?_action=checkin.checkIn`), and the card calls it when hydrated.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { checkIn as postCheckin } from '~/features/checkin/checkin.api.ts';
import { checkinToast } from '~/features/checkin/checkin-toast.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callApi, signedIn } from './api-call.ts';

export const checkin = {
  /** POST /checkin with the form's key; the answer, and the toast it raises (without the level-up, said by the caller). */
  checkIn: defineAction({
    accept: 'form',
    // `ticket`: a check-in kept on the phone with no signal, sent now (the card's, never the page's form).
    input: z.object({ [FORM_KEY_FIELD]: z.unknown(), ticket: z.string().max(200).optional() }),
    handler: async (input, context) => {
      const { api, t, terms, locale, user } = signedIn(context);
      const result = await callApi(context, postCheckin(api, { headers: idempotencyHeaders(input[FORM_KEY_FIELD]), ticket: input.ticket }),
        // Already checked in today (another tab or device): a 422, which the card reads as done. A kept
        // ticket refused (another account's, too old) says why in the API's words.
        (problem) => (problem.code === 'already_checked_in' ? t('checkin.alreadyDone') : problem.code === 'invalid_ticket' || problem.code === 'ticket_expired' ? problem.message : t('checkin.failed')));
      return { ...result, toast: checkinToast(result, t, { terms, underage: user.underage, locale }) };
    },
  }),
};
