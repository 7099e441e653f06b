import type { ApiClient } from '~/lib/api/client.ts';

/** Spec section 4: every 60 minutes, while a user is signed in, the current user and the lists are refreshed. */
export const REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/** Refreshes one list (the challenges; the sweepstakes when a page keeps them in a store). */
export type ListRefresh = (api: ApiClient) => Promise<void>;

// The round is the current user's (features/session); a list joins it from its own store, so neither
// feature imports the other. Browser-only: joined from stores' onMount, which do nothing on the server.
const lists = new Set<ListRefresh>();

/** Joins the hourly round, after the current user; answers a function that leaves it. */
export function refreshEveryHour(refresh: ListRefresh): () => void {
  lists.add(refresh);
  return () => {
    lists.delete(refresh);
  };
}

/** Refreshes every list in the round; a list that fails stays as it was until the next round. */
export async function refreshLists(api: ApiClient): Promise<void> {
  await Promise.all([...lists].map((refresh) => refresh(api).catch(() => undefined)));
}
