import { parseGameColumn, parseOptions, parseQuestions } from './challenge.content.ts';
import type { ArcadeGame, ChallengeResponseTable, ChallengeTable, TriviaAnswerTable, TriviaQuestion } from './challenge.table.ts';

/** Spec: Trivia userResponse. `answers` follow the quiz's question order. */
export interface TriviaStatus {
  status: 'in_progress' | 'completed';
  completedAt: string | null;
  score: number;
  /** `correct` is null until the quiz is complete. */
  answers: Array<{ questionId: string; answer: number; correct: boolean | null }>;
}

/** Spec entity Challenge, as the API sends it: never the keyword, never a correctIndex. */
export interface ChallengeView {
  challengeId: string;
  type: ChallengeTable['type'];
  subtype: ChallengeTable['subtype'];
  title: string;
  description: string;
  hint: string | null;
  value: number;
  mediaId: string | null;
  visibleFrom: string;
  expiresOn: string | null;
  options: Array<{ label: string; points: number | null }>;
  /** A pick'em's winning option index once an operator has set it; else null. */
  outcome: number | null;
  /** Input: the text sent; trivia: the status object once a question has an answer; else null. */
  userResponse: string | TriviaStatus | null;
  pollResponseIndex: number | null;
  completed: boolean;
  /** Something can still be answered (a pick'em: the pick can still change). The one answer to "is it open?". */
  open: boolean;
  /** When answers stop: `expiresOn` (a pick'em's kick-off); null when it never closes. */
  closesAt: string | null;
  challengeType: {
    questions: Array<{
      questionId: string; text: string; options: string[]; points: number;
      triviaUserResponse: { responseIndex: number; correct: boolean | null } | null;
    }>;
  } | null;
  /** Arcade only: the game's rules (its rate limit stays on the server). */
  game: Pick<ArcadeGame, 'durationSeconds' | 'maxScore' | 'tiers'> | null;
}

export { parseOptions, parseQuestions } from './challenge.content.ts';

/**
 * `now` as the ISO text the time columns hold. The rows of a list share one `now`, and toISOString
 * cost more than the rest of a challenge's view: the last answer is kept, by the instant it stands for.
 */
let lastNow = { time: Number.NaN, iso: '' };
function isoOf(now: Date): string {
  const time = now.getTime();
  if (time !== lastNow.time) lastNow = { time, iso: now.toISOString() };
  return lastNow.iso;
}

export function isExpired(c: ChallengeTable, now: Date): boolean {
  return c.expires_on !== null && c.expires_on <= isoOf(now);
}

/**
 * Whether the caller can still answer: visible, not expired, and then per subtype: a pick'em while no
 * outcome is set (a pick may change until kick-off), a quiz until every question has an answer, any
 * other challenge until the caller has answered it. `completed` cannot say this for a pick'em: it means "picked".
 */
function isOpenFor(c: ChallengeTable, now: Date, answered: boolean, outcome: number | null): boolean {
  if (c.visible_from > isoOf(now) || isExpired(c, now)) return false;
  if (c.subtype === 'pickem') return outcome === null;
  return !answered;
}

/**
 * Score is the sum of the points of the questions answered correctly. Until every question has an answer
 * nothing here tells right from wrong (score 0, as the spec starts it, and `correct` null): an answer that
 * said "correct" at once could be changed until it did, and the last answer locks them all.
 */
export function triviaStatus(questions: TriviaQuestion[], answers: TriviaAnswerTable[]): TriviaStatus | null {
  if (answers.length === 0) return null;
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  const ordered = questions.flatMap((q) => {
    const a = byQuestion.get(q.questionId);
    return a ? [{ q, a }] : [];
  });
  const done = questions.length > 0 && ordered.length === questions.length;
  return {
    status: done ? 'completed' : 'in_progress',
    completedAt: done ? ordered.map(({ a }) => a.answered_at).sort().at(-1)! : null,
    score: done ? ordered.reduce((sum, { q, a }) => sum + (Number(a.correct) === 1 ? q.points : 0), 0) : 0,
    answers: ordered.map(({ q, a }) => ({ questionId: q.questionId, answer: Number(a.response_index), correct: done ? Number(a.correct) === 1 : null })),
  };
}

export function toView(
  c: ChallengeTable, now: Date, response: Pick<ChallengeResponseTable, 'response_index' | 'response_text'> | undefined, answers: TriviaAnswerTable[], outcome: number | null = null,
): ChallengeView {
  const expired = isExpired(c, now);
  let userResponse: ChallengeView['userResponse'] = null;
  let pollResponseIndex: number | null = null;
  let challengeType: ChallengeView['challengeType'] = null;
  let completed = expired;
  let answered = false;
  if (c.type === 'trivia') {
    const questions = parseQuestions(c);
    const status = triviaStatus(questions, answers);
    const told = new Map((status?.answers ?? []).map((a) => [a.questionId, a]));
    userResponse = status;
    completed ||= status?.status === 'completed';
    answered = status?.status === 'completed';
    challengeType = {
      questions: questions.map((q) => {
        const a = told.get(q.questionId);
        return {
          questionId: q.questionId, text: q.text, options: q.options, points: q.points,
          triviaUserResponse: a ? { responseIndex: a.answer, correct: a.correct } : null,
        };
      }),
    };
  } else if (response) {
    userResponse = response.response_text;
    pollResponseIndex = response.response_index === null ? null : Number(response.response_index);
    completed = true;
    answered = true;
  }
  return {
    challengeId: c.id, type: c.type, subtype: c.subtype, title: c.title, description: c.description, hint: c.hint,
    value: Number(c.value), mediaId: c.media_id, visibleFrom: c.visible_from, expiresOn: c.expires_on,
    options: parseOptions(c).map((o) => ({ label: o.label, points: o.points ?? null })),
    outcome, userResponse, pollResponseIndex, completed, open: isOpenFor(c, now, answered, outcome), closesAt: c.expires_on,
    challengeType, game: publicGame(c),
  };
}

function publicGame(c: ChallengeTable): ChallengeView['game'] {
  const game = c.subtype === 'arcade' ? parseGameColumn(c) : undefined;
  if (!game) return null;
  const { durationSeconds, maxScore, tiers } = game;
  return { durationSeconds, maxScore, tiers };
}
