import type { Db } from '../db/connection.ts';

export async function listDismissedCardIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('carousel_dismissals').select('card_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.card_id);
}

/** A second dismissal of the same card (a retry, another tab) changes nothing. */
export async function insertDismissal(db: Db, row: { user_id: string; card_id: string; dismissed_at: string }): Promise<void> {
  await db.insertInto('carousel_dismissals').values(row)
    .onConflict((oc) => oc.columns(['user_id', 'card_id']).doNothing()).execute();
}
