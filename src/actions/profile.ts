// The supporter's own writes about themselves, said once. A consent switched on or off: each switch on
// /profile is a form posted there without JavaScript (`?_action=profile.setConsent`), and the switches
// island sends the same form. The first visit seen: /welcome's "Let's go" (`?_action=profile.welcomed`).
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { listConsents, markWelcomed, setConsent } from '~/features/profile/profile.api.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callApi, signedIn } from './api-call.ts';

export const profile = {
  /**
   * PATCH /consent/user/{id}: `consent` is "<id>|<1 or 0>", the state the supporter asked for. A refusal
   * is only logged by its caller (spec: a failed consent update is logged only), so its words are generic.
   */
  setConsent: defineAction({
    accept: 'form',
    input: z.object({ consent: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }),
    handler: async (input, context) => {
      const { api, t } = signedIn(context);
      const [id = '', wanted = ''] = (typeof input.consent === 'string' ? input.consent : '').split('|');
      const consent = (await listConsents(api).catch(() => [])).find((item) => item.id === id);
      if (!consent || (wanted !== '1' && wanted !== '0')) throw new ActionError({ code: 'UNPROCESSABLE_CONTENT', message: t('api.somethingWentWrong') });
      const change = { consentId: consent.consentId, value: wanted === '1' ? 1 : 0, data: consent.data } as const;
      await callApi(context, setConsent(api, consent.id, change, { headers: idempotencyHeaders(input[FORM_KEY_FIELD]) }), () => t('api.somethingWentWrong'));
      return { toast: { title: t('profile.consents.saved') } };
    },
  }),
  /** POST /user/me/welcome: onboarding is done; the dashboard is next (no toast). */
  welcomed: defineAction({
    accept: 'form',
    handler: async (_input, context) => {
      const { api, t } = signedIn(context);
      await callApi(context, markWelcomed(api), (problem) => problem.message || t('api.somethingWentWrong'));
      return {};
    },
  }),
};
