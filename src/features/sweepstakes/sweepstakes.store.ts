import { atom, onMount } from 'nanostores';
import type { ApiClient } from '~/lib/api/client.ts';
import { refreshEveryHour } from '~/lib/session/hourly-refresh.ts';
import { listSweepstakes, type Sweepstake } from './sweepstakes.api.ts';

/**
 * The sweepstakes list (GET /sweepstake), once the hourly refresh has fetched it; `null` until then (the
 * page shows the list the server rendered). Browser-only: written by the hourly refresh, never during
 * server rendering, where one module-level store would be shared by every request. Sign-out is a full
 * page load, which drops it.
 */
export const $sweepstakes = atom<readonly Sweepstake[] | null>(null);

// While an island shows the list, it joins the current user's hourly round (spec section 4: the current
// user, the challenges and the sweepstakes every 60 minutes), which runs only on a signed-in page.
onMount($sweepstakes, () => {
  if (typeof window === 'undefined') return undefined; // server rendering: nothing joins
  return refreshEveryHour(refreshSweepstakes);
});

/** Fetches the list again (only while an island follows the store). On failure it throws and the list stays as it was. */
export async function refreshSweepstakes(api: ApiClient): Promise<void> {
  $sweepstakes.set(await listSweepstakes(api));
}
