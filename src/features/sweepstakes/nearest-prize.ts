import type { Sweepstake } from './sweepstakes.api.ts';

/** The prize to show first (the home page's and the dashboard's): the live sweepstake that closes soonest. */
export function nearestPrize<S extends Pick<Sweepstake, 'status' | 'endsAt'>>(sweepstakes: readonly S[]): S | undefined {
  return sweepstakes.filter((s) => s.status === 'live').sort((a, b) => a.endsAt.localeCompare(b.endsAt))[0];
}
