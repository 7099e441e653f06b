// The supporter's own writes about themselves, said once. A consent switched on or off: each switch on
// /profile is a form posted there without JavaScript (`?_action=profile.setConsent`), and the switches
// island sends the same form. The photo: the photo form posts to /profile (`?_action=profile.setPhoto`),
// and the photo island sends the same form. The first visit seen: /welcome's "Let's go" (`?_action=profile.welcomed`).
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { photoProblem } from '~/features/profile/photo.ts';
import { listConsents, markWelcomed, setAvatar, setConsent, uploadMedia } from '~/features/profile/profile.api.ts';
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
  /**
   * The photo: POST /media (the API's own checks and limit), then POST /media/set-avatar. A missing,
   * wrong-typed or too-large file is refused here first (422), in the photo's words.
   */
  setPhoto: defineAction({
    accept: 'form',
    input: z.object({ photo: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }),
    handler: async (input, context) => {
      const { api, t } = signedIn(context);
      const photo = input.photo instanceof File && input.photo.size > 0 ? input.photo : undefined;
      const problem = photoProblem(photo);
      if (problem || !photo) throw new ActionError({ code: 'UNPROCESSABLE_CONTENT', message: t(problem ?? 'profile.photo.missing') });
      // The API's refusal of the file (its type, its pixels) in its words; its failure in the photo's.
      const refusal = ({ status, message }: { status: number; message: string }) => (status < 500 && message ? message : t('profile.photo.failed'));
      const uploaded = await callApi(context, uploadMedia(api, photo, { headers: idempotencyHeaders(input[FORM_KEY_FIELD]) }), refusal);
      const user = await callApi(context, setAvatar(api, uploaded.name), refusal);
      return { avatarUrl: user.avatarUrl, toast: { title: t('profile.photo.updated') } };
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
