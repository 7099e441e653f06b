import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $sweepstakes } from './sweepstakes.store.ts';
import { SweepstakeList, type SweepstakeListProps } from './SweepstakeList.tsx';

export interface LiveSweepstakeListProps extends Omit<SweepstakeListProps, 'sweepstakes'> {
  /** The server's list as plain HTML (an Astro slot): shown until the hourly refresh brings a newer one. */
  children?: ReactNode;
}

/**
 * Keeps a signed-in supporter's sweepstakes list fresh. The list arrives as the island's slot, so the page
 * carries it once; following `$sweepstakes` joins the hourly refresh (spec section 4), and a refreshed list
 * replaces the server's.
 */
export function LiveSweepstakeList({ children, ...props }: LiveSweepstakeListProps) {
  const refreshed = useStore($sweepstakes);
  return refreshed ? <SweepstakeList sweepstakes={refreshed} {...props} /> : <>{children}</>;
}
