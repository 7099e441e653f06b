import { challengeHref } from './challenge.ts';
import type { Challenge } from './challenges.api.ts';
import { openChallenges, untouched } from './open-challenges.ts';
import type { NextChallenge } from './quiz-view.ts';

/**
 * The challenge a finished quiz leads to: the newest one still open to the supporter (as the server
 * says), other than this quiz and the feedback prompt, and not yet answered (a pick'em already picked stays
 * open, but is not "next").
 */
export function nextChallenge(list: readonly Challenge[], currentId: string): NextChallenge | null {
  const open = openChallenges(list).filter((c) => c.challengeId !== currentId);
  const next = open.find(untouched);
  if (!next) return null;
  return { title: next.title, href: challengeHref(next), points: next.subtype === 'pickem' ? null : next.value };
}
