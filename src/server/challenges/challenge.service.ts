import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { ApiMessageKey } from '../api-text.ts';
import { ApiError, ChallengeSubmissionError, msg, RefusalKeepingWork } from '../errors.ts';
import type { ChallengesAnswered } from '../badges/badge.repository.ts';
import { earnChallengeBadges } from '../badges/badge.service.ts';
import { standingAfter } from '../users/standing.ts';
import type { Standing } from '../users/standing.schema.ts';
import { lockUser } from '../users/user.repository.ts';
import { awardChallenge, findChallengeAward, settleQuiz, type ChallengeAward } from './challenge.award.ts';
import { SettingsSchema } from '../organization/settings.ts';
import * as repo from './challenge.repository.ts';
import { scorePlay, startPlay, type ArcadeResult } from './arcade.service.ts';
import { countKeywordGuess } from './keyword-guesses.ts';
import { pick } from './pickem.service.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import { challengeTexts, localizeChallenge, localizedLabels } from './challenge.localize.ts';
import type { ChallengeSubtype, ChallengeTable } from './challenge.table.ts';
import { isExpired, parseOptions, parseQuestions, toView, triviaStatus, type ChallengeView, type TriviaStatus } from './challenge.view.ts';

// Message keys (src/shared/i18n/messages/*/api.ts): answered in the request's language.
const ALREADY_ANSWERED = 'api.challenge.alreadyAnswered';
const CHOOSE_OPTION = 'api.challenge.chooseOption';
export const FEEDBACK_MAX = 2000;

export interface ChallengeCaller {
  organizationId: string;
  /** null: anonymous (organization key): no user fields. */
  userId: string | null;
  /** The request's language: a challenge's texts in it where the club wrote them, else English. */
  locale?: Locale | undefined;
}

export type Submission =
  | { poll: { responseIndex: number }; input?: undefined; trivia?: undefined }
  | { input: { response: string; ticket?: string | undefined }; poll?: undefined; trivia?: undefined }
  | { trivia: { questionId: string; responseIndex: number }; poll?: undefined; input?: undefined };

export interface SubmissionResult {
  challenge: ChallengeView;
  /** Points this submission awarded; a changed quiz answer that was right takes its points back (negative). */
  pointsAwarded: number;
  poll?: { totalVotes: number; options: Array<{ label: string; votes: number; percent: number }> };
  trivia?: TriviaStatus;
  arcade?: ArcadeResult['arcade'];
  /** The supporter's balances and rank after this answer. */
  standing: Standing;
}

/**
 * An answer before its standing: with the ledger's result when it awarded (its row holds the new balances), and the
 * badge of ten's state when the answer's own statement read it.
 */
type Answered = Omit<SubmissionResult, 'standing'> & { award: ChallengeAward['award']; badge?: ChallengesAnswered | undefined };

/** A keyword as compared: accents, case and runs of spaces do not count ("Estadio  Ángel" is "estadio angel"). */
export function foldKeyword(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const closed = () => new ApiError('challenge_closed', 'api.challenge.closed');

/** The organization setting `excludedChallengeIds`: comma-separated ids hidden everywhere. */
function excludedIds(raw: string | null): Set<string> {
  return SettingsSchema.shape.excludedChallengeIds.safeParse(raw ?? undefined).data ?? new Set<string>();
}

function isVisible(c: repo.AnsweredChallengeRow, now: Date): boolean {
  return c.visible_from <= now.toISOString() && !excludedIds(c.excluded_ids).has(c.id);
}

/** The views of rows read with the caller's answers; a quiz's answers are one more read, only when a quiz is listed. */
async function views(db: Db, caller: ChallengeCaller, rows: repo.AnsweredChallengeRow[], now: Date): Promise<ChallengeView[]> {
  const quizzes = rows.filter((r) => r.type === 'trivia').map((r) => r.id);
  const answers = caller.userId ? await repo.listTriviaAnswers(db, caller.userId, quizzes) : [];
  return rows.map((c) => localizeChallenge(toView(
    c, now, c.response_id === null ? undefined : c, answers.filter((a) => a.challenge_id === c.id),
    // Only a pick'em has an outcome.
    c.subtype === 'pickem' && c.outcome !== null ? Number(c.outcome) : null,
  ), caller.locale && challengeTexts(c.translations, caller.locale)));
}

export async function listChallenges(db: Db, caller: ChallengeCaller, subtype?: ChallengeSubtype, now = new Date()) {
  const rows = await repo.listAnsweredChallenges(db, { organizationId: caller.organizationId, userId: caller.userId, now: now.toISOString(), subtype });
  const excluded = excludedIds(rows[0]?.excluded_ids ?? null);
  return views(db, caller, excluded.size > 0 ? rows.filter((r) => !excluded.has(r.id)) : rows, now);
}

/** A visible, not excluded challenge of the caller's organization with the caller's answer, else 404 `Challenge not found`. */
async function findVisibleFor(db: Db, caller: ChallengeCaller, id: string, now: Date): Promise<repo.AnsweredChallengeRow> {
  const c = await repo.findAnsweredChallenge(db, caller.organizationId, id, caller.userId);
  if (!c || !isVisible(c, now)) throw new ApiError('not_found', 'api.challenge.notFound');
  return c;
}

/** A visible, not excluded challenge of the caller's organization, else 404 `Challenge not found`. */
function findVisible(db: Db, organizationId: string, id: string, now: Date): Promise<ChallengeTable> {
  return findVisibleFor(db, { organizationId, userId: null }, id, now);
}

/** The shares a poll vote answers with; GET /challenge/{id} sends the same shape as `pollShares`. */
export type PollShares = NonNullable<SubmissionResult['poll']>;

/** Votes per option and whole percentages of all votes (0 while nobody has voted). */
export async function pollShares(db: Db, c: ChallengeTable): Promise<PollShares> {
  return sharesOf(c, await repo.countVotes(db, c.id));
}

function sharesOf(c: ChallengeTable, votes: Map<number, number>): PollShares {
  const totalVotes = [...votes.values()].reduce((a, b) => a + b, 0);
  const options = parseOptions(c).map((o, i) => {
    const n = votes.get(i) ?? 0;
    return { label: o.label, votes: n, percent: totalVotes ? Math.round((n / totalVotes) * 100) : 0 };
  });
  return { totalVotes, options };
}

/**
 * One challenge, with a poll's shares once the caller has voted or the poll has closed (then anyone,
 * anonymous callers included, may see the final result). Lists leave shares out: one count per poll.
 */
export async function getChallenge(
  db: Db, caller: ChallengeCaller, id: string, now = new Date(),
): Promise<ChallengeView & { pollShares: PollShares | null }> {
  const row = await findVisibleFor(db, caller, id, now);
  const challenge = (await views(db, caller, [row], now))[0]!;
  const showShares = row.subtype === 'poll' && (challenge.pollResponseIndex !== null || isExpired(row, now));
  const shares = showShares ? await pollShares(db, row) : null;
  const texts = caller.locale && challengeTexts(row.translations, caller.locale);
  return { ...challenge, pollShares: shares && { ...shares, options: localizedLabels(shares.options, texts?.options) } };
}

/** What to send for each subtype, when another shape was sent (subtypes of one type share a shape). */
const SEND_SHAPE: Record<ChallengeSubtype, ApiMessageKey> = {
  poll: 'api.challenge.shapePoll', pickem: 'api.challenge.shapePickem', arcade: 'api.challenge.shapeArcade',
  keyword: 'api.challenge.shapeKeyword', feedback: 'api.challenge.shapeFeedback', trivia: 'api.challenge.shapeTrivia',
};

/** Starts a game of an open arcade challenge: answers its play ticket. Run in a transaction. */
export async function play(trx: Db, caller: ChallengeCaller & { userId: string }, id: string, now = new Date()) {
  const c = await findVisible(trx, caller.organizationId, id, now);
  if (isExpired(c, now)) throw closed();
  return startPlay(trx, caller.userId, c, now);
}

/** Run in a transaction, and pass failures through `alreadyAnsweredWhenRaceLost`. */
export async function submit(trx: Db, caller: ChallengeCaller & { userId: string }, id: string, body: Submission, now = new Date()): Promise<SubmissionResult> {
  // Read with the caller's own answer, if any: a second answer is refused without a read of its own.
  const c = await findVisibleFor(trx, { organizationId: caller.organizationId, userId: caller.userId }, id, now);
  // A keyword guess counts against the hourly limit, right or wrong (a wrong one commits as `RefusalKeepingWork`).
  if (c.subtype === 'keyword' && body.input) await countKeywordGuess(trx, caller.userId, c.id, now);
  const { award: awarded, badge, ...result } = await answer(trx, caller, c, body, now);
  const texts = caller.locale && challengeTexts(c.translations, caller.locale);
  if (texts) {
    result.challenge = localizeChallenge(result.challenge, texts);
    if (result.poll) result.poll = { ...result.poll, options: localizedLabels(result.poll.options, texts.options) };
  }
  // A new answer (an award, not a replay) may be the tenth.
  const moments = awarded && !awarded.replayed ? await earnChallengeBadges(trx, caller, now, badge) : [];
  return { ...result, standing: await standingAfter(trx, caller, awarded, moments) };
}

async function answer(trx: Db, caller: ChallengeCaller & { userId: string }, c: repo.AnsweredChallengeRow, body: Submission, now: Date): Promise<Answered> {
  if (c.subtype === 'pickem' && body.poll) return pick(trx, caller.userId, c, body.poll.responseIndex, now);
  // A game started before the close still counts: its ticket was issued while the challenge was open.
  if (c.subtype === 'arcade' && body.input) return scorePlay(trx, caller.userId, c, body.input, now);
  if (isExpired(c, now)) throw closed();
  const sent = body.poll ? 'poll' : body.input ? 'input' : 'trivia';
  if (sent !== c.type) throw new ChallengeSubmissionError(SEND_SHAPE[c.subtype]);
  if (body.trivia) return answerTrivia(trx, caller.userId, c, body.trivia, now);

  // Two answers at once both pass here: the second's insert meets the table's one answer per supporter (a 422 too).
  if (c.response_id) throw new ChallengeSubmissionError(ALREADY_ANSWERED);
  const row = { id: randomUUID(), user_id: caller.userId, challenge_id: c.id, response_index: null as number | null, response_text: null as string | null, created_at: now.toISOString() };
  if (body.poll) {
    if (body.poll.responseIndex >= parseOptions(c).length) throw new ChallengeSubmissionError(CHOOSE_OPTION);
    row.response_index = body.poll.responseIndex;
  } else {
    const text = body.input!.response.trim();
    if (c.subtype === 'keyword') {
      if (text === '' || foldKeyword(text) !== foldKeyword(c.answer ?? '')) throw new RefusalKeepingWork(new ChallengeSubmissionError('api.challenge.wrongKeyword'));
    } else if (text === '') throw new ChallengeSubmissionError('api.challenge.writeFeedback');
    else if (text.length > FEEDBACK_MAX) throw new ChallengeSubmissionError(msg('api.challenge.feedbackTooLong', { max: FEEDBACK_MAX }));
    row.response_text = text;
  }
  // A poll vote is counted with it, and answers the votes after it.
  const vote = row.response_index === null ? undefined : await repo.recordVote(trx, { ...row, response_index: row.response_index });
  if (!vote) await repo.insertResponse(trx, row);
  const paid = await awardChallenge(trx, { userId: caller.userId, challengeId: c.id, amount: Number(c.value) });
  const challenge = toView(c, now, row, []);
  if (!vote) return { challenge, ...paid };
  return { challenge, ...paid, poll: sharesOf(c, vote.votes), badge: vote.badge };
}

/**
 * One quiz answer, new or changed, while the quiz is in progress. Nothing is paid and nothing in the
 * answer or the standing says whether it was right until every question has an answer: then the quiz is
 * completed, its answers lock and it pays what they earn (./challenge.award.ts `settleQuiz`). A change
 * before that moves the (unseen) score as the spec says: the earlier points off if it was right, the new on if it is.
 */
async function answerTrivia(
  trx: Db, userId: string, c: ChallengeTable, answer: { questionId: string; responseIndex: number }, now: Date,
): Promise<Answered> {
  // PostgreSQL: one quiz answer per user at a time, so the last answer of two sent at once still completes the
  // quiz, and two changes of one answer cannot both pay or both take back.
  await lockUser(trx, userId);
  const questions = parseQuestions(c);
  const question = questions.find((q) => q.questionId === answer.questionId);
  if (!question) throw new ChallengeSubmissionError('api.challenge.notInQuiz');
  if (answer.responseIndex >= question.options.length) throw new ChallengeSubmissionError(CHOOSE_OPTION);
  const before = triviaStatus(questions, await repo.listTriviaAnswers(trx, userId, [c.id]));
  if (before?.status === 'completed') throw new ChallengeSubmissionError('api.challenge.quizCompleted');
  await repo.saveTriviaAnswer(trx, {
    user_id: userId, challenge_id: c.id, question_id: question.questionId, response_index: answer.responseIndex,
    correct: answer.responseIndex === question.correctIndex ? 1 : 0, answered_at: now.toISOString(),
  });
  const answers = await repo.listTriviaAnswers(trx, userId, [c.id]);
  const trivia = triviaStatus(questions, answers)!;
  const challenge = toView(c, now, undefined, answers);
  if (trivia.status !== 'completed') return { challenge, pointsAwarded: 0, award: null, trivia };
  const correct = new Map(trivia.answers.map((a) => [a.questionId, a.correct]));
  const paid = await settleQuiz(trx, {
    userId, challengeId: c.id, questions: questions.map((q) => ({ questionId: q.questionId, points: q.points, correct: correct.get(q.questionId) ?? false })),
  });
  return { challenge, ...paid, trivia };
}

/** A concurrent first answer committed first (unique response per user and challenge). */
export function alreadyAnsweredWhenRaceLost(error: unknown): never {
  if (isUniqueViolation(error)) throw new ChallengeSubmissionError(ALREADY_ANSWERED, error);
  throw error;
}

/**
 * Spec: "items with challenge and outcome". One item per response of the caller's to this challenge (at
 * most one: a vote, pick, text or quiz); `outcome` says what it earned: `pending` (a pick before its
 * outcome, a quiz in progress), `won` / `lost` (a pick'em once resolved) or `answered`, with the points
 * the ledger holds for it.
 */
export interface HistoryItem {
  challenge: ChallengeView;
  outcome: { status: 'pending' | 'won' | 'lost' | 'answered'; pointsAwarded: number; awardedAt: string | null };
}

export async function challengeHistory(db: Db, caller: ChallengeCaller & { userId: string }, id: string, now = new Date()): Promise<HistoryItem[]> {
  const [challenge] = await views(db, caller, [await findVisibleFor(db, caller, id, now)], now);
  const answered = challenge!.pollResponseIndex !== null || challenge!.userResponse !== null;
  if (!answered) return [];
  const entry = await findChallengeAward(db, caller.userId, id);
  let status: HistoryItem['outcome']['status'] = 'answered';
  if (challenge!.subtype === 'pickem') {
    status = challenge!.outcome === null ? 'pending' : challenge!.outcome === challenge!.pollResponseIndex ? 'won' : 'lost';
  } else if (typeof challenge!.userResponse === 'object' && challenge!.userResponse?.status === 'in_progress') status = 'pending';
  return [{ challenge: challenge!, outcome: { status, pointsAwarded: entry?.amount ?? 0, awardedAt: entry?.created_at ?? null } }];
}
