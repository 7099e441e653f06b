// A supporter's request to the club, from /profile/requests (`?_action=supportRequests.send`): adults and
// under-18s alike. The API's refusal of a field (the topic, the message) in its own words.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { sendSupportRequest, type SupportTopic } from '~/features/support-requests/support-requests.api.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callApi, signedIn } from './api-call.ts';

export const supportRequests = {
  send: defineAction({
    accept: 'form',
    input: z.object({ topic: z.unknown(), message: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }),
    handler: async (input, context) => {
      const { api, t } = signedIn(context);
      const request = {
        topic: (typeof input.topic === 'string' ? input.topic : '') as SupportTopic,
        message: typeof input.message === 'string' ? input.message : '',
      };
      const sent = await callApi(context, sendSupportRequest(api, request, { headers: idempotencyHeaders(input[FORM_KEY_FIELD]) }),
        (problem) => Object.values(problem.details)[0] ?? (problem.status < 500 && problem.message ? problem.message : t('supportRequests.failed')));
      return { reference: sent.reference, toast: { title: t('supportRequests.sent') } };
    },
  }),
};
