import { atom } from 'nanostores';
import type { Standing } from '~/server/users/standing.schema.ts';
import type { User } from './session.api.ts';

/** Spec: every 60 minutes, while a user is signed in, the app refreshes the current user. */
export const REFRESH_INTERVAL_MS = 60 * 60 * 1000;

export type CurrentUserSummary = Pick<
  User, 'userId' | 'firstName' | 'points' | 'lifetimePoints' | 'rank' | 'nextRank' | 'rankProgress' | 'underage'
>;

// Browser-only: set from the server's props on hydration, by the hourly refresh and by award answers.
export const $currentUser = atom<CurrentUserSummary | null>(null);

/**
 * After an answer that can award: the server's `standing` (balances, rank, progress) goes straight into
 * the store, with no request of its own. Answers the new rank's name when the rank changed (a level-up).
 */
export function applyStanding(standing: Standing): string | undefined {
  const before = $currentUser.get();
  if (!before) return undefined;
  const { points, lifetimePoints, rank, nextRank, rankProgress } = standing;
  $currentUser.set({ ...before, points, lifetimePoints, rank, nextRank, rankProgress });
  return before.rank.name !== rank.name ? rank.name : undefined;
}
