import type { Kysely } from 'kysely';

// Frozen once landed. Stories: a story is a run of chapters (one picture each) shown between
// `starts_at` and `stops_at`. Each supporter's chapter views are kept, one row per chapter (a repeat
// changes nothing); the story's points are paid through the ledger (key `story:<id>`) once every
// chapter has been viewed, so no table of completions is needed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    // live, sponsored or default; `watched` is per supporter, never stored.
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('cover_media_id', 'text')
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('stops_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stories_organization_window').on('stories')
    .columns(['organization_id', 'starts_at', 'stops_at']).execute();

  await db.schema
    .createTable('story_chapters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('story_id', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('order_index', 'integer', (c) => c.notNull())
    .addColumn('media_id', 'text', (c) => c.notNull())
    // The words on the picture, for screen readers and the page without JavaScript.
    .addColumn('caption', 'text', (c) => c.notNull())
    .addColumn('sponsor_url', 'text')
    .addUniqueConstraint('story_chapters_story_order', ['story_id', 'order_index'])
    .execute();

  await db.schema
    .createTable('story_chapter_views')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chapter_id', 'text', (c) => c.notNull().references('story_chapters.id').onDelete('cascade'))
    .addColumn('story_id', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('story_chapter_views_pk', ['user_id', 'chapter_id'])
    .execute();
  await db.schema.createIndex('story_chapter_views_user_story').on('story_chapter_views')
    .columns(['user_id', 'story_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('story_chapter_views').execute();
  await db.schema.dropTable('story_chapters').execute();
  await db.schema.dropTable('stories').execute();
}
