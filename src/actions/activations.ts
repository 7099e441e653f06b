// Collecting an activation's badge, said once: the collect form of /a/{slug} posts there without
// JavaScript (`?_action=activations.collect`). Scanning the link never writes; this tap does.
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { pointsText } from '~/components/ui/points-label.ts';
import { activateUser } from '~/features/activations/activations.api.ts';
import { awardToast, newRankOf } from '~/features/session/award-toast.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callApi, signedIn } from './api-call.ts';

export const activations = {
  /** POST /activation/{slug}/activate; the toast (badge collected or already held, points, a new rank). */
  collect: defineAction({
    accept: 'form',
    input: z.object({ slug: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }),
    handler: async (input, context) => {
      const { api, t, terms, locale, user } = signedIn(context);
      const slug = typeof input.slug === 'string' ? input.slug.trim() : '';
      const result = await callApi(context, activateUser(api, slug, { headers: idempotencyHeaders(input[FORM_KEY_FIELD]) }),
        (problem) => problem.message || t('activations.failed'));
      const badge = result.activation.badge.name;
      const toast = result.alreadyEarned
        ? { title: t('activations.alreadyToast', { badge }), description: t('activations.alreadyText') }
        : {
          title: t('activations.collectedToast', { badge }),
          ...(result.pointsAwarded > 0 && !user.underage
            ? { description: t('activations.earnedPoints', { points: pointsText(result.pointsAwarded, terms, locale) }) }
            : {}),
        };
      // The standing carries the badge's moment, shown on the next page (src/lib/toast/moment-flash.server.ts).
      return { toast: awardToast(toast, newRankOf(user, result.standing), t), standing: result.standing };
    },
  }),
};
