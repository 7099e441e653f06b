import type { ApiClient } from '~/lib/api/client.ts';
import { $currentUser, type CurrentUserSummary } from './current-user.ts';

/** A level-up is a rank name that changed between two fetches of the user. */
export function leveledUp(before: Pick<CurrentUserSummary, 'rank'> | null, after: Pick<CurrentUserSummary, 'rank'>): boolean {
  return !!before && before.rank.name !== after.rank.name;
}

/**
 * After an award: refresh the points, and fetch the whole user again only when lifetime points
 * reach the next rank's threshold (spec section 4). Answers the new rank name on a level-up.
 */
export async function refreshPointsAfterAward(api: ApiClient): Promise<string | undefined> {
  const before = $currentUser.get();
  const { data: points } = await api.http.get('user/me/points').json<{ data: { points: number; lifetime_points: number } }>();
  if (!before) return undefined;
  const updated = { ...before, points: points.points, lifetimePoints: points.lifetime_points };
  $currentUser.set(updated);
  if (!before.nextRank || points.lifetime_points < before.nextRank.pointsRequired) return undefined;
  const { data: user } = await api.http.get('user/me').json<{ data: CurrentUserSummary }>();
  $currentUser.set(user);
  return leveledUp(before, user) ? user.rank.name : undefined;
}
