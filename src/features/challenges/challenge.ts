import { toSafeRelativePath } from '~/lib/navigation/safe-url.ts';
import { CHALLENGE_SUBTYPES, type ChallengeSubtypeSlug } from '~/lib/routing/routes.ts';
import type { Challenge, TriviaStatus } from './challenges.api.ts';

/** The URL slug of a subtype's list page; feedback has none and lives under the first tab's path. */
export function slugOfSubtype(subtype: string): ChallengeSubtypeSlug | undefined {
  const entry = Object.entries(CHALLENGE_SUBTYPES).find(([, v]) => v.subtype === subtype);
  return entry?.[0] as ChallengeSubtypeSlug | undefined;
}

/** Where a challenge is answered. Feedback has no list of its own: it sits under /challenges/polls. */
/** A data-driven link (and redirect target): it goes through the one redirect rule like any other. */
export function challengeHref(c: Pick<Challenge, 'challengeId' | 'subtype'>): string {
  const href = `/challenges/${slugOfSubtype(c.subtype) ?? 'polls'}/${encodeURIComponent(c.challengeId)}`;
  return toSafeRelativePath(href) ?? '/challenges';
}

export function triviaStatusOf(c: Pick<Challenge, 'userResponse'>): TriviaStatus | null {
  return c.userResponse && typeof c.userResponse === 'object' ? c.userResponse : null;
}
