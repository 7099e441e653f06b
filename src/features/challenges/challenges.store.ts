import { atom, onMount } from 'nanostores';
import type { ApiClient } from '~/lib/api/client.ts';
import { refreshEveryHour } from '~/lib/session/hourly-refresh.ts';
import { listChallenges } from './challenges.api.ts';
import { summarize, type ChallengeSummary } from './open-challenges.ts';

/**
 * The challenge list (GET /challenge, newest first), as summaries. `null` until a page loads it:
 * only pages that show challenges pay for the hourly refetch. A page may seed it with just the
 * open challenges, since a closed one (answered or expired, as the server says) never reopens.
 * Browser-only: written by islands' effects and the hourly refresh, never during server rendering,
 * where one module-level store would be shared by every request. Sign-out is a full page load
 * (pages/logout.ts), which drops this store with every other one: there is nothing to reset by hand.
 */
export const $challenges = atom<readonly ChallengeSummary[] | null>(null);

// While an island shows the list, it joins the current user's hourly round (spec: the challenge list is
// refreshed with the user), which runs only on a signed-in page.
onMount($challenges, () => {
  if (typeof window === 'undefined') return undefined; // server rendering: nothing joins
  return refreshEveryHour(refreshChallenges);
});

/** Seeds the store with what the page rendered, unless a fresher list is already there. */
export function loadChallenges(list: readonly ChallengeSummary[]): void {
  if ($challenges.get() === null) $challenges.set(list);
}

/** Fetches the list again, only if some page has loaded it. On failure it throws and the list stays as it was. */
export async function refreshChallenges(api: ApiClient): Promise<void> {
  if ($challenges.get() === null) return;
  $challenges.set((await listChallenges(api)).map(summarize));
}
