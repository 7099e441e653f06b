import type { Generated } from 'kysely';
/** The tables this resource owns; src/server/db/schema.ts joins them into Database. */
export interface ChallengeTables {
  challenges: ChallengeTable & ChallengeAdminColumns;
  challenge_responses: ChallengeResponseTable;
  trivia_answers: TriviaAnswerTable;
  pickem_outcomes: PickemOutcomeTable;
  arcade_plays: ArcadePlayTable;
  keyword_guesses: KeywordGuessTable;
  poll_tallies: PollTallyTable;
}

/** A poll's votes for one option, spread over a few counter rows (shards) so votes seldom wait on one row. */
interface PollTallyTable {
  challenge_id: string;
  response_index: number;
  shard: number;
  votes: number;
}


/** What the console keeps of a challenge beside its content (migration 024); the content's writers may leave them out. */
export interface ChallengeAdminColumns {
  /** 1: saved, not published (never shown to supporters). */
  draft: Generated<number>;
  /** ISO 8601 UTC when taken down; never shown after. */
  archived_at: Generated<string | null>;
  /** JSON `{ "es": { title, description, hint, options: [label…], questions: [{ text, options }] } }`. */
  translations: Generated<string>;
  updated_at: Generated<string | null>;
}

// The JSON columns' content: one zod schema each (./challenge.content.ts), for writers and readers alike.
import type { ChallengeSubtype, ChallengeType } from './challenge.content.ts';
export type { ArcadeGame, ChallengeOption, ChallengeSubtype, TriviaQuestion } from './challenge.content.ts';

export interface ChallengeTable {
  id: string;
  organization_id: string;
  type: ChallengeType;
  subtype: ChallengeSubtype;
  title: string;
  description: string;
  hint: string | null;
  /** Points awarded for answering (poll, keyword, feedback); a quiz awards its score instead. */
  value: number;
  media_id: string | null;
  /** ISO 8601 UTC; hidden before. */
  visible_from: string;
  /** ISO 8601 UTC; closed (and completed for everyone) after. */
  expires_on: string | null;
  /** JSON list of ChallengeOption. */
  options: string;
  /** The keyword (input/keyword): server side only. */
  answer: string | null;
  /** JSON list of TriviaQuestion. */
  questions: string;
  /** Arcade only: JSON ArcadeGame. */
  game: string | null;
  created_at: string;
}

/** A poll vote, a keyword or a feedback text: one per user and challenge. */
export interface ChallengeResponseTable {
  id: string;
  user_id: string;
  challenge_id: string;
  response_index: number | null;
  response_text: string | null;
  created_at: string;
}

/** One answer per user, quiz and question; changed in place while the quiz is in progress. */
export interface TriviaAnswerTable {
  user_id: string;
  challenge_id: string;
  question_id: string;
  response_index: number;
  /** 0 or 1. */
  correct: number;
  answered_at: string;
}

/** A pick'em's result, set once by an operator; correct picks are awarded then. */
export interface PickemOutcomeTable {
  challenge_id: string;
  /** The winning option's index. */
  outcome: number;
  set_at: string;
}

/** One keyword guess, kept for an hour: guesses are limited per supporter and challenge. */
export interface KeywordGuessTable {
  id: string;
  user_id: string;
  challenge_id: string;
  guessed_at: string;
}

/** One game: a ticket issued at the start, scored once. */
export interface ArcadePlayTable {
  id: string;
  user_id: string;
  challenge_id: string;
  started_at: string;
  finished_at: string | null;
  score: number | null;
}
