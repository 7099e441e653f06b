import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { ApiError, msg } from '../errors.ts';
import { lockUser } from '../users/user.repository.ts';
import { insertGuessWithin, oldestGuessSince } from './keyword-guesses.repository.ts';

const KEYWORD_GUESSES_PER_HOUR = 10;
/** Guesses count for an hour; the hourly purge (src/server/privacy/retention.ts) deletes them after. */
export const KEYWORD_GUESS_WINDOW_MS = 60 * 60_000;

/**
 * Counts one keyword guess, at most 10 per supporter and challenge in any rolling hour; the 11th answers
 * 429 saying when the next guess is possible. Run in the answer's transaction: a right guess commits with its
 * award, a wrong one with its refusal (`RefusalKeepingWork`), so either counts.
 */
export async function countKeywordGuess(trx: Db, userId: string, challengeId: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - KEYWORD_GUESS_WINDOW_MS).toISOString();
  // PostgreSQL: one guess per supporter at a time, so guesses sent at once cannot all see room.
  await lockUser(trx, userId);
  const guess = { id: randomUUID(), user_id: userId, challenge_id: challengeId, guessed_at: now.toISOString() };
  if (await insertGuessWithin(trx, guess, since, KEYWORD_GUESSES_PER_HOUR)) return;
  const oldest = (await oldestGuessSince(trx, userId, challengeId, since)) ?? now.toISOString();
  const minutes = Math.max(1, Math.ceil((new Date(oldest).getTime() + KEYWORD_GUESS_WINDOW_MS - now.getTime()) / 60_000));
  // No Retry-After header: the client would wait that long before its one retry of a 429.
  throw new ApiError('rate_limited', msg('api.keyword.tooManyGuesses', { guesses: KEYWORD_GUESSES_PER_HOUR, count: minutes }));
}
