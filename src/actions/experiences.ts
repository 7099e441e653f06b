// Asking for a place at an enhanced experience, said once: each card's form posts to
// /enhanced-experiences without JavaScript (`?_action=experiences.request`).
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { experienceAnchor } from '~/features/experiences/experience-form.ts';
import { requestExperience } from '~/features/experiences/experiences.api.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callApi, signedIn } from './api-call.ts';

export const experiences = {
  /** POST /experience/{id}/request; the toast and the card's anchor to go back to. */
  request: defineAction({
    accept: 'form',
    input: z.object({ experienceId: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }),
    handler: async (input, context) => {
      const { api, t } = signedIn(context);
      const id = typeof input.experienceId === 'string' ? input.experienceId.trim() : '';
      const { experience, alreadyRequested } = await callApi(context, requestExperience(api, id, { headers: idempotencyHeaders(input[FORM_KEY_FIELD]) }),
        (problem) => problem.message || t('enhanced.failed'));
      const toast = alreadyRequested
        ? { title: t('enhanced.alreadyToast'), description: t('enhanced.alreadyText') }
        : { title: t('enhanced.requestedToast', { title: experience.title }), description: t('enhanced.nextStep') };
      return { toast, anchor: experienceAnchor(experience.slug) };
    },
  }),
};
