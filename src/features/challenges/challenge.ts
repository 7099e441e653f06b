import { toSafeRelativePath } from '~/lib/navigation/safe-url.ts';
import { CHALLENGE_SUBTYPES, type ChallengeSubtypeSlug } from '~/lib/routing/routes.ts';
import type { Challenge, TriviaStatus } from './challenges.api.ts';

/** The path segment of the feedback challenge's own address: it has no list page, only `/challenges/feedback/{id}`. */
export const FEEDBACK_SECTION = 'feedback';

/** Where a challenge lives under /challenges: a tab's slug, or `feedback`. */
export type ChallengeSection = ChallengeSubtypeSlug | typeof FEEDBACK_SECTION;

/** The URL slug of a subtype's list page; feedback has none. */
export function slugOfSubtype(subtype: string): ChallengeSubtypeSlug | undefined {
  const entry = Object.entries(CHALLENGE_SUBTYPES).find(([, v]) => v.subtype === subtype);
  return entry?.[0] as ChallengeSubtypeSlug | undefined;
}

/** The section a subtype's challenges are answered under. */
export function sectionOf(subtype: Challenge['subtype']): ChallengeSection {
  return slugOfSubtype(subtype) ?? FEEDBACK_SECTION;
}

/**
 * Where a challenge is answered: `/challenges/{tab}/{id}`, and the feedback challenge at
 * `/challenges/feedback/{id}`. A data-driven link (and redirect target): it goes through the one
 * redirect rule like any other.
 */
// An id of plain characters (no %-escape, no dot segment): nothing can hide in it.
const PLAIN_CHALLENGE_PATH = /^\/challenges\/[a-z]+\/(?!\.\.?$)[\w.!~*'()-]+$/;

export function challengeHref(c: Pick<Challenge, 'challengeId' | 'subtype'>): string {
  const href = `/challenges/${sectionOf(c.subtype)}/${encodeURIComponent(c.challengeId)}`;
  // A plain path needs no URL parse (a page lists many cards); anything else goes through the full check.
  return PLAIN_CHALLENGE_PATH.test(href) ? href : (toSafeRelativePath(href) ?? '/challenges');
}

export function triviaStatusOf(c: Pick<Challenge, 'userResponse'>): TriviaStatus | null {
  return c.userResponse && typeof c.userResponse === 'object' ? c.userResponse : null;
}
