import type { Db } from '../db/connection.ts';
import type { MediaUploadTable } from './media.table.ts';

/** The same image uploaded twice by one user is one row. */
export async function recordUpload(db: Db, upload: MediaUploadTable): Promise<void> {
  await db.insertInto('media_uploads').values(upload)
    .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
    .execute();
}

export function hasUploaded(db: Db, userId: string, name: string): Promise<boolean> {
  return db.selectFrom('media_uploads').select('name')
    .where('user_id', '=', userId).where('name', '=', name)
    .executeTakeFirst().then(Boolean);
}
