// The name shown on the leaderboards, said once: the switch's form (on /profile and on /leaderboards) posts to
// /leaderboards without JavaScript (`?_action=leaderboards.setName`), and the switch island sends the same form.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { setLeaderboardName } from '~/features/leaderboards/leaderboards.api.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callApi, signedIn } from './api-call.ts';

export const leaderboards = {
  /** PUT /leaderboards/name: `named` is "1" (show my name) or "0" ("Supporter 4821"). */
  setName: defineAction({
    accept: 'form',
    input: z.object({ named: z.unknown(), back: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }),
    handler: async (input, context) => {
      const { api, t } = signedIn(context);
      const named = input.named === '1';
      const result = await callApi(context, setLeaderboardName(api, named, { headers: idempotencyHeaders(input[FORM_KEY_FIELD]) }), () => t('leaderboards.name.failed'));
      const anonymous = t('leaderboards.anonymous', { number: result.number });
      return { ...result, back: typeof input.back === 'string' ? input.back : '', toast: { title: result.named ? t('leaderboards.name.shown') : t('leaderboards.name.hidden', { anonymous }) } };
    },
  }),
};
