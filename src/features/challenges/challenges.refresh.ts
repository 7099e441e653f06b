import type { ApiClient } from '~/lib/api/client.ts';
import { listChallenges } from './challenges.api.ts';
import { $challenges } from './challenges.store.ts';
import { summarize } from './open-challenges.ts';

// The hourly round's half of the challenge list (./challenges.store.ts holds the list): its own module, which
// every signed-in page fetches when the round comes (layouts/CurrentUser.astro), not with the page.

/** Fetches the list again (the hourly round). On failure it throws and the list stays as it was. */
export async function refreshChallenges(api: ApiClient): Promise<void> {
  $challenges.set((await listChallenges(api)).map(summarize));
}
