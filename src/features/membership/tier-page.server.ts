import type { AstroGlobal } from 'astro';
import { actions } from 'astro:actions';
import { getMyMembership, listTiers, type MembershipTier } from './membership.api.ts';
import { higherTiers } from './upgrade.ts';

/** What a /…/{membership} page shows after its GET or its form's action (src/actions/membership.ts). */
export type TierPageState =
  | { kind: 'not-found' }
  /** A free tier was applied: the page redirects, with `message` as a toast. */
  | { kind: 'chosen'; message: string }
  /** GET (confirm), a paid tier recorded as a request (`requested`), or a refused choice (`problem`). */
  | { kind: 'show'; tier: MembershipTier; requested?: string; problem?: string; status: number };

export interface TierPageOptions {
  /** /membership/upgrade/{membership}: only a tier above the supporter's own exists there (else 404). */
  upgradeOnly: boolean;
}

/**
 * The shared work of /choose-your-membership/{membership} and /membership/upgrade/{membership}:
 * GET shows the tier; after the form's action, what choosing it did (or why it was refused).
 */
export async function loadTierPage(
  astro: Pick<AstroGlobal, 'locals' | 'getActionResult'>, slug: string, { upgradeOnly }: TierPageOptions,
): Promise<TierPageState> {
  const { api } = astro.locals;
  const result = astro.getActionResult(actions.membership.choose);
  // Chosen: the tier may now be the supporter's own, which an upgrade page no longer offers.
  if (result?.data && !result.data.requested) return { kind: 'chosen', message: result.data.message };
  const [tiers, mine] = await Promise.all([listTiers(api), upgradeOnly ? getMyMembership(api) : undefined]);
  const offered = mine ? higherTiers(tiers, mine.membership) : tiers;
  const tier = offered.find((candidate) => candidate.slug === slug);
  if (!tier) return { kind: 'not-found' };
  if (!result) return { kind: 'show', tier, status: 200 };
  if (result.error) return { kind: 'show', tier, problem: result.error.message, status: result.error.status };
  return { kind: 'show', tier, requested: result.data.message, status: 200 };
}
