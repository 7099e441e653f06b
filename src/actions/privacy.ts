// The supporter erasing their own data, from /profile/data (`?_action=privacy.erase`), said once.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { eraseMyData } from '~/features/privacy/privacy.api.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { clearSessionCookie } from '~/lib/session/session.server.ts';
import { callApi, signedIn } from './api-call.ts';

export const privacy = {
  /** POST /user/me/erase with the address typed again; erased, the session cookie goes too. */
  erase: defineAction({
    accept: 'form',
    input: z.object({ confirm: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }),
    handler: async (input, context) => {
      const { api, t } = signedIn(context);
      const confirm = typeof input.confirm === 'string' ? input.confirm : '';
      await callApi(context, eraseMyData(api, confirm, idempotencyHeaders(input[FORM_KEY_FIELD])), (problem) => (problem.status === 422 ? t('privacy.erase.mismatch') : t('api.somethingWentWrong')));
      clearSessionCookie(context.cookies);
      return { toast: { title: t('privacy.erase.done') } };
    },
  }),
};
