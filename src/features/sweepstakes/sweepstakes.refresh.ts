import type { ApiClient } from '~/lib/api/client.ts';
import { listSweepstakes } from './sweepstakes.api.ts';
import { $sweepstakes } from './sweepstakes.store.ts';

// The hourly round's half of the sweepstakes list (./sweepstakes.store.ts holds the list): its own module, which
// every signed-in page fetches when the round comes (layouts/CurrentUser.astro), not with the page.

/** Fetches the list again (the hourly round). On failure it throws and the list stays as it was. */
export async function refreshSweepstakes(api: ApiClient): Promise<void> {
  $sweepstakes.set(await listSweepstakes(api));
}
