import type { Db } from '../db/connection.ts';
import { assertStorable, keepValid, validOrNone } from '../stored/stored.ts';
import { ArticleRowSchema } from './content.schemas.ts';
import type { ArticleTable } from './article.table.ts';

const LIST_LIMIT = 50;

/** Published articles of an organization, newest first (the body left out); a row that fails its schema is left out. */
export async function listPublished(db: Db, organizationId: string, now: string) {
  return keepValid('article', await db.selectFrom('articles')
    .select(['id', 'slug', 'title', 'summary', 'author', 'media_id', 'value', 'published_at', 'word_count', 'translations'])
    .where('organization_id', '=', organizationId).where('published_at', '<=', now)
    .where('draft', '=', 0).where('archived_at', 'is', null)
    .orderBy('published_at', 'desc').orderBy('id').limit(LIST_LIMIT)
    .execute(), ArticleRowSchema);
}

/** One published article by its id or its slug. */
export async function findPublished(db: Db, organizationId: string, idOrSlug: string, now: string) {
  return validOrNone('article', await db.selectFrom('articles').selectAll()
    .where('organization_id', '=', organizationId).where('published_at', '<=', now)
    .where('draft', '=', 0).where('archived_at', 'is', null)
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .orderBy('id').limit(1)
    .executeTakeFirst(), ArticleRowSchema);
}

export async function insertArticles(db: Db, rows: ArticleTable[]): Promise<void> {
  assertStorable('article', rows, ArticleRowSchema);
  if (rows.length > 0) await db.insertInto('articles').values(rows).execute();
}
