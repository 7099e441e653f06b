import type { Db } from '../db/connection.ts';
import type { KeywordGuessTable } from './challenge.table.ts';

/** Forgets the supporter's guesses at this keyword made at or before `until`. */
export async function deleteGuessesUntil(db: Db, userId: string, challengeId: string, until: string): Promise<void> {
  await db.deleteFrom('keyword_guesses')
    .where('user_id', '=', userId).where('challenge_id', '=', challengeId).where('guessed_at', '<=', until).execute();
}

/** When the supporter's kept guesses at this keyword were made, oldest first. */
export async function listGuessTimes(db: Db, userId: string, challengeId: string): Promise<string[]> {
  const rows = await db.selectFrom('keyword_guesses').select('guessed_at')
    .where('user_id', '=', userId).where('challenge_id', '=', challengeId)
    .orderBy('guessed_at', 'asc').execute();
  return rows.map((r) => r.guessed_at);
}

export async function insertGuess(db: Db, guess: KeywordGuessTable): Promise<void> {
  await db.insertInto('keyword_guesses').values(guess).execute();
}
