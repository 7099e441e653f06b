import type { Db } from '../../db/connection.ts';

// The console's videos and articles in SQL: one row by id, and the writes. Rules live in the services.

export function findVideoRow(db: Db, organizationId: string, id: string) {
  return db.selectFrom('videos').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}
export type VideoRow = NonNullable<Awaited<ReturnType<typeof findVideoRow>>>;

export function findArticleRow(db: Db, organizationId: string, id: string) {
  return db.selectFrom('articles').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
}
export type ArticleRow = NonNullable<Awaited<ReturnType<typeof findArticleRow>>>;

type Columns<R> = Partial<Omit<R, 'id' | 'organization_id'>>;

export async function insertVideoRow(db: Db, row: Omit<VideoRow, 'archived_at' | 'translations' | 'draft' | 'updated_at'> & Columns<VideoRow>) {
  await db.insertInto('videos').values(row).execute();
}
export async function updateVideoRow(db: Db, organizationId: string, id: string, columns: Columns<VideoRow>): Promise<void> {
  await db.updateTable('videos').set(columns).where('id', '=', id).where('organization_id', '=', organizationId).execute();
}
export async function insertArticleRow(db: Db, row: Omit<ArticleRow, 'archived_at' | 'translations' | 'draft' | 'updated_at'> & Columns<ArticleRow>) {
  await db.insertInto('articles').values(row).execute();
}
export async function updateArticleRow(db: Db, organizationId: string, id: string, columns: Columns<ArticleRow>): Promise<void> {
  await db.updateTable('articles').set(columns).where('id', '=', id).where('organization_id', '=', organizationId).execute();
}
