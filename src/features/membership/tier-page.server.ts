import type { ApiClient } from '~/lib/api/client.ts';
import { chooseMembership, getTier, type MembershipChoice, type MembershipTier } from './membership.api.ts';

/** What a /…/{membership} page shows after its GET or form POST. */
export type TierPageState =
  | { kind: 'not-found' }
  /** A free tier was applied: the page redirects. */
  | { kind: 'chosen'; tier: MembershipTier; choice: MembershipChoice }
  /** GET (confirm), a paid tier recorded as a request (`choice`), or a failed choice (`problem`). */
  | { kind: 'show'; tier: MembershipTier; choice?: MembershipChoice; problem?: string; status: number };

/**
 * The shared work of /choose-your-membership/{membership} and /membership/upgrade/{membership}:
 * GET shows the tier; a form POST chooses it through the API.
 */
export async function loadTierPage(api: ApiClient, request: Request, slug: string): Promise<TierPageState> {
  const tier = await getTier(api, slug);
  if (!tier) return { kind: 'not-found' };
  if (request.method !== 'POST') return { kind: 'show', tier, status: 200 };
  const result = await chooseMembership(api, tier.slug);
  if (!result.ok) {
    if (result.problem.code === 'not_found') return { kind: 'not-found' };
    return { kind: 'show', tier, problem: result.problem.message, status: result.problem.status };
  }
  if (!result.choice.upgradeRequested) return { kind: 'chosen', tier, choice: result.choice };
  return { kind: 'show', tier, choice: result.choice, status: 200 };
}
