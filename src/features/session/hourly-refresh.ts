import { isHTTPError } from 'ky';
import { refreshChallenges } from '~/features/challenges/store.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import { $currentUser, REFRESH_INTERVAL_MS } from '~/lib/session/current-user.ts';
import { getMe } from '~/lib/session/session.api.ts';

/**
 * Spec section 4: every 60 minutes, while there is a current user, refresh the user and the
 * challenge list (the list only where a page loaded it). The user goes first: a 401 means the
 * session ended elsewhere, and `onSignedOut` runs instead of fetching anything more.
 * Sweepstakes join this round when a page keeps them in a store. Answers a function that stops it.
 */
export function startHourlyRefresh(api: ApiClient, onSignedOut: () => void): () => void {
  const timer = setInterval(() => void refreshOnce(api, onSignedOut), REFRESH_INTERVAL_MS);
  return () => clearInterval(timer);
}

async function refreshOnce(api: ApiClient, onSignedOut: () => void): Promise<void> {
  try {
    $currentUser.set(await getMe(api));
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 401) return onSignedOut();
    // Any other failure (already logged by the client) leaves the user as they were: still signed in.
  }
  // Likewise a failed list stays as it was until the next round.
  await refreshChallenges(api).catch(() => undefined);
}
