import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient, CallOptions } from '~/lib/api/client.ts';
import { unlessProblem } from '~/lib/api/errors.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type { Activation, ActivationResult, EarnedBadge } from '~/server/activations/activation.schema.ts';
import type { MilestoneBadge } from '~/server/badges/badge.routes.ts';

export type { Activation, ActivationResult, EarnedBadge, MilestoneBadge };

/** GET /activations/{id}: one activation by id or slug; undefined when there is none. */
export function getActivation(api: ApiClient, idOrSlug: string): Promise<Activation | undefined> {
  return unlessProblem('not_found', dataOf<Activation>(api.http.get(`activations/${encodeURIComponent(idOrSlug)}`)));
}

/**
 * POST /activations/activate-user: the activation's badge and points, once (`alreadyEarned` on a repeat),
 * with the new standing. The collect form passes its own idempotency key (`headers`).
 */
export function activateUser(api: ApiClient, slug: string, options?: CallOptions): Promise<ActivationResult> {
  return dataOf<ActivationResult>(api.http.post('activations/activate-user', {
    json: { slug }, ...(options?.headers ? { headers: options.headers } : {}),
  }));
}

/** GET /user/me/badges: the signed-in supporter's badges, the newest first. */
export function listMyBadges(api: ApiClient): Promise<EarnedBadge[]> {
  return dataOf<EarnedBadge[]>(api.http.get('user/me/badges'));
}

/** The milestone badges (first check-in, a 7-day streak, 10 challenges, first entry): earned with when, or still to earn. */
export function listMilestoneBadges(api: ApiClient): Promise<MilestoneBadge[]> {
  return dataOf<MilestoneBadge[]>(api.http.get('user/me/badges/milestones'));
}
