// Hiding a reward card for good, said once: each card's dismiss button is a form posted to the
// dashboard (`?_action=carousel.dismiss`), with or without JavaScript.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { dismissCarouselCard } from '~/features/carousel/carousel.api.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callApi, signedIn } from './api-call.ts';

export const carousel = {
  /** DELETE /carousel/{cardId}; the toast it raises. */
  dismiss: defineAction({
    accept: 'form',
    input: z.object({ cardId: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }),
    handler: async (input, context) => {
      const { api, t } = signedIn(context);
      const cardId = typeof input.cardId === 'string' ? input.cardId.trim() : '';
      await callApi(context, dismissCarouselCard(api, cardId, { headers: idempotencyHeaders(input[FORM_KEY_FIELD]) }), () => t('carousel.dismissFailed'));
      return { toast: { title: t('carousel.dismissed'), description: t('carousel.dismissedText') } };
    },
  }),
};
