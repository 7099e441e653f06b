import type { Challenge } from './challenges.api.ts';
import { challengeHref } from './challenge.ts';
import type { ChallengeCardProps } from './ChallengeCard.tsx';

/** How many open challenges the dashboard lists before "See all". */
export const DASHBOARD_CHALLENGE_LIMIT = 5;

/** What a list of challenges needs of each one (a card, and `type`): kept small because pages hand it to islands. */
export type ChallengeSummary = Pick<Challenge, 'type'> & ChallengeCardProps['challenge'];

export function summarize(c: Challenge): ChallengeSummary {
  const { challengeId, type, subtype, title, description, value, open, mediaId } = c;
  const summary = { challengeId, type, subtype, title, description, value, open, mediaId };
  if (subtype !== 'pickem') return summary;
  // A pick'em's card says how its picking stands ("Up to 40 points", "Picked"): it needs these too.
  const { options, outcome, pollResponseIndex } = c;
  return { ...summary, options, outcome, pollResponseIndex };
}

/** Spec section 4: the feedback challenge (subtype feedback, type input) is kept apart from the list. */
export function isFeedback(c: Pick<Challenge, 'type' | 'subtype'>): boolean {
  return c.subtype === 'feedback' && c.type === 'input';
}

/** The unanswered feedback challenge, if any. */
export function openFeedback<T extends Pick<Challenge, 'type' | 'subtype' | 'open'>>(list: readonly T[]): T | undefined {
  return list.find((c) => isFeedback(c) && c.open);
}

/**
 * The open challenges other than feedback, at most `limit`: open as the server says (a pick'em while its
 * pick can change, picked or not). The API answers newest first, so the order is kept as it came:
 * sorting again here could disagree with the server's tie-breaks.
 */
export function openChallenges<T extends Pick<Challenge, 'type' | 'subtype' | 'open'>>(list: readonly T[], limit = Infinity): T[] {
  return list.filter((c) => c.open && !isFeedback(c)).slice(0, limit);
}

/** The next thing to do after answering: the challenge to open next, or null (back to the list). */
export interface NextChallenge {
  href: string;
  title: string;
}

/** Not yet answered: no vote or pick, no answer sent (a pick'em already picked stays open, but is done). */
export const untouched = (c: Partial<Pick<Challenge, 'pollResponseIndex' | 'userResponse'>>) =>
  (c.pollResponseIndex ?? null) === null && (c.userResponse ?? null) === null;

/**
 * After answering `currentId`: the newest other open challenge not yet answered, else the open feedback
 * challenge, else null (back to the list): never one already answered. The list is the server's, so what is
 * open is what the server says.
 */
export function nextChallenge(
  list: readonly (Pick<Challenge, 'challengeId' | 'type' | 'subtype' | 'open' | 'title'> & Partial<Pick<Challenge, 'pollResponseIndex' | 'userResponse'>>)[], currentId: string,
): NextChallenge | null {
  const others = list.filter((c) => c.challengeId !== currentId);
  const next = openChallenges(others).find(untouched) ?? openFeedback(others);
  return next ? { href: challengeHref(next), title: next.title } : null;
}
