// The dashboard's "what do I do next" (issue 26): one action, chosen in this order: today's check-in while it
// is still to do, else the newest open challenge not yet answered, else entering the nearest prize. Pure, so
// the order is tested without a page; the page renders what it returns once and leaves it out further down.
import type { Challenge } from '~/features/challenges/challenges.api.ts';
import { openChallenges, untouched } from '~/features/challenges/open-challenges.ts';
import type { Sweepstake } from '~/features/sweepstakes/sweepstakes.api.ts';

export type NextAction<C> =
  | { kind: 'checkin' }
  | { kind: 'challenge'; challenge: C }
  | { kind: 'prize' }
  | null;

type ChallengeFacts = Pick<Challenge, 'challengeId' | 'type' | 'subtype' | 'open'> & Partial<Pick<Challenge, 'pollResponseIndex' | 'userResponse'>>;

export function nextAction<C extends ChallengeFacts>(state: {
  /** The server says today's check-in can still be made. */
  canCheckIn: boolean;
  /** The server's challenge list (newest first), or null when it could not be loaded. */
  challenges: readonly C[] | null;
  /** The nearest prize, when the supporter can enter it now. */
  prize: Pick<Sweepstake, 'entry'> | undefined;
}): NextAction<C> {
  if (state.canCheckIn) return { kind: 'checkin' };
  const challenge = openChallenges(state.challenges ?? []).find(untouched);
  if (challenge) return { kind: 'challenge', challenge };
  if (state.prize?.entry.canEnter) return { kind: 'prize' };
  return null;
}
