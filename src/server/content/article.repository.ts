import type { Db } from '../db/connection.ts';
import type { ArticleTable } from './article.table.ts';

const LIST_LIMIT = 50;

/** Published articles of an organization, newest first (the body left out). */
export function listPublished(db: Db, organizationId: string, now: string) {
  return db.selectFrom('articles')
    .select(['id', 'slug', 'title', 'summary', 'author', 'media_id', 'value', 'published_at', 'word_count'])
    .where('organization_id', '=', organizationId).where('published_at', '<=', now)
    .orderBy('published_at', 'desc').orderBy('id').limit(LIST_LIMIT)
    .execute();
}

/** One published article by its id or its slug. */
export function findPublished(db: Db, organizationId: string, idOrSlug: string, now: string) {
  return db.selectFrom('articles').selectAll()
    .where('organization_id', '=', organizationId).where('published_at', '<=', now)
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .orderBy('id').limit(1)
    .executeTakeFirst();
}

export async function insertArticles(db: Db, rows: ArticleTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('articles').values(rows).execute();
}
