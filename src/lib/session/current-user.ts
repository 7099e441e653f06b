import { atom } from 'nanostores';

/** Spec: every 60 minutes, while a user is signed in, the app refreshes the current user. */
export const REFRESH_INTERVAL_MS = 60 * 60 * 1000;

export interface CurrentUserSummary {
  userId: string;
  firstName: string | null;
  points: number;
  lifetimePoints: number;
  rank: { name: string };
  nextRank: { name: string; pointsRequired: number } | null;
  underage: boolean;
}

// Browser-only: set from the server's props on hydration and by the hourly refresh.
export const $currentUser = atom<CurrentUserSummary | null>(null);
