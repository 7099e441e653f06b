import type { Db } from '../db/connection.ts';
import type { ArcadePlayTable } from './challenge.table.ts';

/** Voids the supporter's unscored games of this challenge: only the newest game in flight counts. */
export async function deleteUnscoredPlays(db: Db, userId: string, challengeId: string): Promise<void> {
  await db.deleteFrom('arcade_plays')
    .where('user_id', '=', userId).where('challenge_id', '=', challengeId).where('finished_at', 'is', null).execute();
}

export async function insertPlay(db: Db, play: ArcadePlayTable): Promise<void> {
  await db.insertInto('arcade_plays').values(play).execute();
}

/** The game of this ticket, if it is this supporter's and this challenge's. */
export function findPlay(db: Db, ticket: string, userId: string, challengeId: string): Promise<ArcadePlayTable | undefined> {
  return db.selectFrom('arcade_plays').selectAll()
    .where('id', '=', ticket).where('user_id', '=', userId).where('challenge_id', '=', challengeId).executeTakeFirst();
}

/** Scores the game unless it was scored already: of two scores sent at once with one ticket, only the first counts. */
export async function finishPlayOnce(db: Db, ticket: string, score: number, finishedAt: string): Promise<boolean> {
  const result = await db.updateTable('arcade_plays').set({ finished_at: finishedAt, score })
    .where('id', '=', ticket).where('finished_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
