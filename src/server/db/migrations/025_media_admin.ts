import { sql, type Kysely } from 'kysely';

// Frozen once landed. Stories, videos and articles made in the console: a draft flag (rows made before
// stay published), an archive time (kept, never shown), the texts in other languages
// (`{ "es": { "title": … } }`, see src/server/admin/translations.ts), and when an operator last saved.
// Stories get an explicit rank gate (P10 … P1; the demo's gate is still read from a title's rank code),
// chapters their own translations (the caption), videos an optional watch threshold of their own and
// articles the Markdown their body is rendered from.
const KINDS = ['stories', 'videos', 'articles'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of KINDS) {
    await db.schema.alterTable(table).addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable(table).addColumn('archived_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('translations', 'text', (c) => c.notNull().defaultTo(sql`'{}'`)).execute();
    await db.schema.alterTable(table).addColumn('updated_at', 'text').execute();
  }
  await db.schema.alterTable('stories').addColumn('rank_gate', 'text').execute();
  await db.schema.alterTable('story_chapters').addColumn('translations', 'text', (c) => c.notNull().defaultTo(sql`'{}'`)).execute();
  await db.schema.alterTable('videos').addColumn('watch_seconds', 'integer').execute();
  await db.schema.alterTable('articles').addColumn('body_markdown', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('articles').dropColumn('body_markdown').execute();
  await db.schema.alterTable('videos').dropColumn('watch_seconds').execute();
  await db.schema.alterTable('story_chapters').dropColumn('translations').execute();
  await db.schema.alterTable('stories').dropColumn('rank_gate').execute();
  for (const table of KINDS) {
    for (const column of ['updated_at', 'translations', 'archived_at', 'draft']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
