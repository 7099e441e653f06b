import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { KeywordGuessTable } from './challenge.table.ts';

/**
 * Counts the guess, in one statement, unless `limit` guesses at this keyword were already made after `since`:
 * true when it was counted. Guesses older than that are left to the hourly purge (src/server/privacy/retention.ts).
 */
export async function insertGuessWithin(db: Db, guess: KeywordGuessTable, since: string, limit: number): Promise<boolean> {
  const recent = db.selectFrom('keyword_guesses').select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', guess.user_id).where('challenge_id', '=', guess.challenge_id).where('guessed_at', '>', since);
  const inserted = await db.insertInto('keyword_guesses')
    .columns(['id', 'user_id', 'challenge_id', 'guessed_at'])
    .expression(db.selectNoFrom([
      sql<string>`${guess.id}`.as('id'), sql<string>`${guess.user_id}`.as('user_id'),
      sql<string>`${guess.challenge_id}`.as('challenge_id'), sql<string>`${guess.guessed_at}`.as('guessed_at'),
    ]).where((eb) => eb(recent, '<', limit)))
    .returning('id').executeTakeFirst();
  return inserted !== undefined;
}

/** When the oldest of the supporter's guesses at this keyword made after `since` was made. */
export async function oldestGuessSince(db: Db, userId: string, challengeId: string, since: string): Promise<string | undefined> {
  const row = await db.selectFrom('keyword_guesses').select((eb) => eb.fn.min('guessed_at').as('oldest'))
    .where('user_id', '=', userId).where('challenge_id', '=', challengeId).where('guessed_at', '>', since)
    .executeTakeFirst();
  return row?.oldest ?? undefined;
}
