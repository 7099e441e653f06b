import { atom } from 'nanostores';
import type { ChallengeSummary } from './open-challenges.ts';
import { resetOnSignOut } from '~/lib/session/sign-out-resets.ts';

/**
 * The challenge list (GET /challenge, newest first), as summaries, once the hourly refresh has fetched it;
 * `null` until then (the page shows the list the server rendered). Every signed-in page refreshes it
 * hourly (layouts/CurrentUser.astro); an island that shows it follows it. Browser-only: written
 * by the hourly refresh, never during server rendering, where one module-level store would be shared by
 * every request. Emptied on sign-out (resetOnSignOut below).
 */
export const $challenges = atom<readonly ChallengeSummary[] | null>(null);
resetOnSignOut('challenges', () => $challenges.set(null));
