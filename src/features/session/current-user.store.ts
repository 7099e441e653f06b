import { isHTTPError } from 'ky';
import { atom, onMount } from 'nanostores';
import { browserApi } from '~/lib/api/browser.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import { REFRESH_INTERVAL_MS, refreshLists } from '~/lib/session/hourly-refresh.ts';
import { getMe, getPoints, type User } from '~/lib/session/session.api.ts';
import type { Standing } from '~/server/users/standing.schema.ts';
import { newRankOf } from './award-toast.ts';
import { resetOnSignOut } from '~/lib/session/sign-out-resets.ts';

/** What islands show of the signed-in user. */
export type CurrentUserSummary = Pick<
  User, 'userId' | 'firstName' | 'points' | 'lifetimePoints' | 'rank' | 'nextRank' | 'rankProgress' | 'underage'
>;

export function summaryOf(user: CurrentUserSummary): CurrentUserSummary {
  const { userId, firstName, points, lifetimePoints, rank, nextRank, rankProgress, underage } = user;
  return { userId, firstName, points, lifetimePoints, rank, nextRank, rankProgress, underage };
}

/**
 * The signed-in user in the browser. Browser-only: set from what the server rendered (followCurrentUser),
 * by the hourly refresh and by award answers (applyStanding), never during server rendering, where one
 * module-level store would be shared by every request. Sign-out is a full page load, which drops it.
 */
export const $currentUser = atom<CurrentUserSummary | null>(null);
resetOnSignOut('currentUser', () => $currentUser.set(null));

// The hourly refresh runs while something follows the store: on a signed-in page, the page itself.
onMount($currentUser, () => {
  if (typeof window === 'undefined') return undefined; // server rendering: nothing starts
  return startHourlyRefresh(browserApi(), () => window.location.reload());
});

/**
 * The page's signed-in user, as the server rendered it: seeds the store and follows it while the page
 * is open (which starts the hourly refresh). Answers a function that stops following.
 */
export function followCurrentUser(user: CurrentUserSummary): () => void {
  $currentUser.set(summaryOf(user));
  return $currentUser.listen(() => undefined);
}

/**
 * Spec section 4: every 60 minutes, while there is a current user, refresh the user, then the lists
 * that joined the round (lib/session/hourly-refresh.ts). A 401 means the session ended elsewhere:
 * `onSignedOut` runs instead of fetching anything more. Answers a function that stops it.
 */
export function startHourlyRefresh(api: ApiClient, onSignedOut: () => void): () => void {
  const timer = setInterval(() => void refreshOnce(api, onSignedOut), REFRESH_INTERVAL_MS);
  return () => clearInterval(timer);
}

async function refreshOnce(api: ApiClient, onSignedOut: () => void): Promise<void> {
  if (!$currentUser.get()) return;
  try {
    $currentUser.set(summaryOf(await getMe(api)));
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 401) return onSignedOut();
    // Any other failure (already logged by the client) leaves the user as they were: still signed in.
  }
  await refreshLists(api);
}

/**
 * After an answer that can award: the server's `standing` (balances, rank, progress) goes straight into
 * the store, with no request of its own. Answers the new rank's name when the rank changed (a level-up).
 */
export function applyStanding(standing: Omit<Standing, 'moments'>): string | undefined {
  const before = $currentUser.get();
  if (!before) return undefined;
  const { points, lifetimePoints, rank, nextRank, rankProgress } = standing;
  $currentUser.set({ ...before, points, lifetimePoints, rank, nextRank, rankProgress });
  return newRankOf(before, standing);
}

/**
 * Spec section 4: "A points refresh triggers a full user refetch when lifetime points reach the next
 * rank's pointsRequired." After an award whose standing reached `pointsRequired` (the next rank the
 * store held before it): GET /user/me/points, and when its lifetime points have reached it, GET /user/me
 * into the store, the server's whole user (rank, next rank, progress, anything that came with the rank).
 * A failure (logged by the client) leaves the store as the award's standing set it.
 */
export async function refreshPointsAfterRankReached(api: ApiClient, pointsRequired: number): Promise<void> {
  if (!$currentUser.get()) return;
  const { lifetime_points: lifetimePoints } = await getPoints(api);
  if (lifetimePoints < pointsRequired) return;
  const user = await getMe(api);
  // Signed out meanwhile (a full page load drops the store): nothing to refresh.
  if ($currentUser.get()) $currentUser.set(summaryOf(user));
}

/** The next rank's pointsRequired when `standing` reaches it (undefined at the top rank or with no user). */
export function rankReachedBy(standing: Pick<Standing, 'lifetimePoints'>): number | undefined {
  const required = $currentUser.get()?.nextRank?.pointsRequired;
  return required !== undefined && standing.lifetimePoints >= required ? required : undefined;
}
