import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { ChallengeSubmissionError } from '../errors.ts';
import { awardChallenge, type ChallengeAward } from './challenge.award.ts';
import { deleteUnscoredPlays, findPlay, finishPlayOnce, insertPlay } from './arcade.repository.ts';
import { parseGameColumn } from './challenge.content.ts';
import * as repo from './challenge.repository.ts';
import type { ArcadeGame, ChallengeTable } from './challenge.table.ts';
import { toView, type ChallengeView } from './challenge.view.ts';

const ALREADY_PLAYED = 'api.arcade.alreadyPlayed';
const BAD_TICKET = 'api.arcade.badTicket';
/** A game not scored within this time is void: its ticket no longer counts. */
export const TICKET_TTL_MS = 60 * 60 * 1000;
/** Slack for the network between the game's end and the score's arrival. */
const GRACE_SECONDS = 5;


function parseGame(c: ChallengeTable): ArcadeGame {
  const game = c.subtype === 'arcade' ? parseGameColumn(c) : undefined;
  if (!game) throw new ChallengeSubmissionError('api.arcade.onlyArcade');
  return game;
}

/** The most a score can be after `elapsedMs` of play: the game's rate over the time played, and its maximum. */
function allowedScore(game: ArcadeGame, elapsedMs: number): number {
  const seconds = Math.min(Math.max(elapsedMs, 0) / 1000, game.durationSeconds + GRACE_SECONDS);
  return Math.min(Math.floor(seconds * game.maxScorePerSecond), game.maxScore);
}

/** Points of the highest tier the score reaches; 0 below the first. */
function tierPoints(game: ArcadeGame, score: number): number {
  return game.tiers.reduce((best, t) => (score >= t.minScore && t.points > best ? t.points : best), 0);
}

/**
 * Issues a play ticket for an open game. One scored game per supporter: a game already scored answers
 * 422. Only the newest game in flight counts: starting one voids the earlier unscored tickets, so
 * tickets cannot pile up however often the start is pressed.
 */
export async function startPlay(trx: Db, userId: string, c: ChallengeTable, now: Date) {
  const game = parseGame(c);
  if ((await repo.listResponses(trx, userId, [c.id])).length > 0) throw new ChallengeSubmissionError(ALREADY_PLAYED);
  await deleteUnscoredPlays(trx, userId, c.id);
  const ticket = randomUUID();
  await insertPlay(trx, { id: ticket, user_id: userId, challenge_id: c.id, started_at: now.toISOString(), finished_at: null, score: null });
  return { ticket, startedAt: now.toISOString(), durationSeconds: game.durationSeconds };
}

export interface ArcadeResult {
  challenge: ChallengeView;
  pointsAwarded: number;
  arcade: { submittedScore: number; score: number; points: number };
  /** The ledger's result when the score earned points: its row holds the new balances. */
  award: ChallengeAward['award'];
}

/**
 * Scores a game once: the ticket must be this supporter's, for this challenge, unscored and fresh; the
 * score is cut to what the time since the ticket allows. The score becomes the challenge's response and
 * its tier's points are awarded once (awardChallenge). Run in a transaction.
 */
export async function scorePlay(
  trx: Db, userId: string, c: ChallengeTable, sent: { response: string; ticket?: string | undefined }, now: Date,
): Promise<ArcadeResult> {
  const game = parseGame(c);
  if ((await repo.listResponses(trx, userId, [c.id])).length > 0) throw new ChallengeSubmissionError(ALREADY_PLAYED);
  if (!/^\d{1,9}$/.test(sent.response.trim())) throw new ChallengeSubmissionError('api.arcade.badScore');
  if (!sent.ticket) throw new ChallengeSubmissionError('api.arcade.noTicket');
  const play = await findPlay(trx, sent.ticket, userId, c.id);
  const elapsed = play ? now.getTime() - Date.parse(play.started_at) : -1;
  if (!play || play.finished_at !== null || elapsed > TICKET_TTL_MS) throw new ChallengeSubmissionError(BAD_TICKET);

  const submittedScore = Number(sent.response.trim());
  const score = Math.min(submittedScore, allowedScore(game, elapsed));
  if (!(await finishPlayOnce(trx, play.id, score, now.toISOString()))) throw new ChallengeSubmissionError(BAD_TICKET);
  const row = { id: randomUUID(), user_id: userId, challenge_id: c.id, response_index: null, response_text: String(score), created_at: now.toISOString() };
  await repo.insertResponse(trx, row);

  const points = tierPoints(game, score);
  const paid = await awardChallenge(trx, { userId, challengeId: c.id, amount: points });
  return { challenge: toView(c, now, row, []), ...paid, arcade: { submittedScore, score, points } };
}
