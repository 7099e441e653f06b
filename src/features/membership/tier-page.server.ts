import type { AstroGlobal } from 'astro';
import { idempotencyHeaders, readPostedForm } from '~/lib/forms/form-action.server.ts';
import type { Translate } from '~/shared/i18n/translate.ts';
import { chooseMembership, getMyMembership, listTiers, type MembershipTier } from './membership.api.ts';
import { choiceMessage, higherTiers } from './upgrade.ts';

/** What a /…/{membership} page shows after its GET or form POST. */
export type TierPageState =
  | { kind: 'not-found' }
  /** A free tier was applied: the page redirects, with `message` as a toast. */
  | { kind: 'chosen'; tier: MembershipTier; message: string }
  /** GET (confirm), a paid tier recorded as a request (`requested`), or a failed choice (`problem`). */
  | { kind: 'show'; tier: MembershipTier; requested?: string; problem?: string; status: number };

export interface TierPageOptions {
  /** /membership/upgrade/{membership}: only a tier above the supporter's own exists there (else 404). */
  upgradeOnly: boolean;
  t: Translate;
}

/**
 * The shared work of /choose-your-membership/{membership} and /membership/upgrade/{membership}:
 * GET shows the tier; a form POST (with its idempotency key) chooses it through the API.
 */
export async function loadTierPage(
  astro: Pick<AstroGlobal, 'request' | 'locals'>, slug: string, { upgradeOnly, t }: TierPageOptions,
): Promise<TierPageState> {
  const { api } = astro.locals;
  const [tiers, mine] = await Promise.all([listTiers(api), upgradeOnly ? getMyMembership(api) : undefined]);
  const offered = mine ? higherTiers(tiers, mine.membership) : tiers;
  const tier = offered.find((candidate) => candidate.slug === slug);
  if (!tier) return { kind: 'not-found' };
  const form = await readPostedForm(astro);
  if (!form) return { kind: 'show', tier, status: 200 };
  const result = await chooseMembership(api, tier.slug, { headers: idempotencyHeaders(form) });
  if (!result.ok) {
    if (result.problem.code === 'not_found') return { kind: 'not-found' };
    return { kind: 'show', tier, problem: t('membership.failed'), status: result.problem.status };
  }
  const message = choiceMessage(result.choice, tier, tiers, t);
  if (!result.choice.upgradeRequested) return { kind: 'chosen', tier, message };
  return { kind: 'show', tier, requested: message, status: 200 };
}
