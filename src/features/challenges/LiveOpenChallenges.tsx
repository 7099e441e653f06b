import { useStore } from '@nanostores/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { $challenges } from './challenges.store.ts';
import type { OpenChallengesProps } from './OpenChallenges.tsx';

// Drawing the list in the browser is needed only once the hourly refresh brings a newer one: fetched then.
const OpenChallenges = lazy(() => import('./OpenChallenges.tsx').then((module) => ({ default: module.OpenChallenges })));

export interface LiveOpenChallengesProps extends Omit<OpenChallengesProps, 'challenges'> {
  /** The server's list as plain HTML (an Astro slot): shown until the hourly refresh brings a newer one. */
  children?: ReactNode;
}

/**
 * Keeps a signed-in dashboard's open challenges fresh. The list itself arrives as the island's slot, not as
 * props, so the page carries it once and hydration re-renders nothing; following `$challenges` joins the
 * hourly refresh, and a refreshed list replaces the server's.
 */
export function LiveOpenChallenges({ children, ...props }: LiveOpenChallengesProps) {
  const refreshed = useStore($challenges);
  if (!refreshed) return <>{children}</>;
  return <Suspense fallback={children}><OpenChallenges challenges={refreshed} {...props} /></Suspense>;
}
