import type { ArcadeRules } from './arcade.ts';
import type { Standing } from '~/server/users/standing.ts';
import { toSafeRelativePath } from '~/lib/navigation/safe-url.ts';
import { CHALLENGE_SUBTYPES, type ChallengeSubtypeSlug } from '~/lib/routing/routes.ts';

export interface TriviaStatus {
  status: 'in_progress' | 'completed';
  completedAt: string | null;
  score: number;
  answers: Array<{ questionId: string; answer: number; correct: boolean }>;
}

export interface QuizQuestion {
  questionId: string;
  text: string;
  options: string[];
  points: number;
  triviaUserResponse: { responseIndex: number; correct: boolean } | null;
}

/** Spec entity Challenge, as GET /api/challenge answers it (the fields the pages use). */
export interface Challenge {
  challengeId: string;
  type: 'poll' | 'input' | 'trivia' | (string & {});
  subtype: 'poll' | 'pickem' | 'arcade' | 'trivia' | 'keyword' | 'feedback' | (string & {});
  title: string;
  description: string;
  hint: string | null;
  value: number;
  expiresOn: string | null;
  options: Array<{ label: string; points: number | null }>;
  userResponse: string | TriviaStatus | null;
  pollResponseIndex: number | null;
  /** GET /challenge/{id} only: a poll's shares once the caller has voted or the poll has closed. */
  pollShares?: PollShares | null;
  /** A pick'em's winning option index once an operator has set it. */
  outcome: number | null;
  completed: boolean;
  /** The server's answer to "can the caller still answer it?" (a pick'em: can the pick still change?). */
  open: boolean;
  /** When answers stop; null when never. */
  closesAt: string | null;
  challengeType: { questions: QuizQuestion[] } | null;
  /** Arcade only. */
  game?: ArcadeRules | null;
}

export interface PollShares {
  totalVotes: number;
  options: Array<{ label: string; votes: number; percent: number }>;
}

/** POST /api/challenge/{id} answers this. */
export interface SubmissionResult {
  challenge: Challenge;
  pointsAwarded: number;
  poll?: PollShares;
  trivia?: TriviaStatus;
  arcade?: { submittedScore: number; score: number; points: number };
  /** The supporter's balances and rank after this answer. */
  standing: Standing;
}

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

export function triviaStatusOf(c: Challenge): TriviaStatus | null {
  return c.userResponse && typeof c.userResponse === 'object' ? c.userResponse : null;
}
