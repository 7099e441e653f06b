import type { Kysely } from 'kysely';

// Frozen once landed. Club news articles: the body is stored as HTML already sanitized on write
// (src/server/content/article.sanitize.ts), so pages print it as it is. A read pays through the
// ledger (key `article:<id>`), so no table of reads is needed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('articles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addColumn('media_id', 'text')
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('articles_organization_slug', ['organization_id', 'slug'])
    .execute();
  await db.schema.createIndex('articles_organization_published').on('articles')
    .columns(['organization_id', 'published_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('articles').execute();
}
