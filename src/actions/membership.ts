// Choosing a membership tier, said once: the confirm form of /choose-your-membership/{tier} and of
// /membership/upgrade/{tier} posts to its page without JavaScript (`?_action=membership.choose`).
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { chooseMembership, getMyMembership, listTiers } from '~/features/membership/membership.api.ts';
import { choiceMessage, higherTiers } from '~/features/membership/upgrade.ts';
import { FORM_KEY_FIELD } from '~/lib/forms/form-key.ts';
import { idempotencyHeaders } from '~/lib/forms/form-action.server.ts';
import { callApi, signedIn } from './api-call.ts';

const UPGRADE_PAGES = '/membership/upgrade/';

export const membership = {
  /**
   * POST /membership/choose: a free tier applies at once (`requested` false), a paid one is recorded as
   * a request. `message` says which, in the page's words.
   */
  choose: defineAction({
    accept: 'form',
    input: z.object({ membership: z.unknown(), [FORM_KEY_FIELD]: z.unknown() }),
    handler: async (input, context) => {
      const { api, t } = signedIn(context);
      const failed = () => t('membership.failed');
      const slug = typeof input.membership === 'string' ? input.membership.trim() : '';
      const tiers = await callApi(context, listTiers(api), failed);
      // Posted from an upgrade page, only a tier above the supporter's own (as the page offers).
      const offered = context.url.pathname.startsWith(UPGRADE_PAGES)
        ? higherTiers(tiers, (await callApi(context, getMyMembership(api), failed)).membership) : tiers;
      const tier = offered.find((candidate) => candidate.slug === slug);
      if (!tier) throw new ActionError({ code: 'NOT_FOUND', message: failed() });
      const choice = await callApi(context, chooseMembership(api, tier.slug, { headers: idempotencyHeaders(input[FORM_KEY_FIELD]) }), failed);
      return { requested: choice.upgradeRequested, message: choiceMessage(choice, tier, tiers, t) };
    },
  }),
};
