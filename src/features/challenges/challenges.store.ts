import { atom, onMount } from 'nanostores';
import type { ApiClient } from '~/lib/api/client.ts';
import { refreshEveryHour } from '~/lib/session/hourly-refresh.ts';
import { listChallenges } from './challenges.api.ts';
import { summarize, type ChallengeSummary } from './open-challenges.ts';

/**
 * The challenge list (GET /challenge, newest first), as summaries, once the hourly refresh has fetched it;
 * `null` until then (the page shows the list the server rendered). Only pages whose islands follow it pay
 * for the refetch. Browser-only: written by the hourly refresh, never during server rendering, where one
 * module-level store would be shared by every request. Sign-out is a full page load (pages/logout.ts),
 * which drops this store with every other one: there is nothing to reset by hand.
 */
export const $challenges = atom<readonly ChallengeSummary[] | null>(null);

// While an island shows the list, it joins the current user's hourly round (spec: the challenge list is
// refreshed with the user), which runs only on a signed-in page.
onMount($challenges, () => {
  if (typeof window === 'undefined') return undefined; // server rendering: nothing joins
  return refreshEveryHour(refreshChallenges);
});

/** Fetches the list again (it runs only while an island follows the store). On failure it throws and the list stays as it was. */
export async function refreshChallenges(api: ApiClient): Promise<void> {
  $challenges.set((await listChallenges(api)).map(summarize));
}
