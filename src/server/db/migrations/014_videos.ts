import type { Kysely } from 'kysely';

// Frozen once landed. Club videos (a file in the media store, or a YouTube id), the videos of the six
// built-in playlists (the playlists themselves are product data in code: playlist.catalog.ts), and when a
// supporter first opened each playlist. A view pays through the ledger (keys `video:<id>` and, once every
// video of a playlist has been viewed, `playlist:<id>`), so no table of views is needed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('thumbnail_src', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('videos_organization_slug', ['organization_id', 'slug'])
    .execute();
  await db.schema.createIndex('videos_organization_published').on('videos')
    .columns(['organization_id', 'published_at']).execute();

  await db.schema
    .createTable('playlist_videos')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('playlist_id', 'text', (c) => c.notNull())
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_videos_pk', ['organization_id', 'playlist_id', 'video_id'])
    .execute();
  await db.schema.createIndex('playlist_videos_video').on('playlist_videos').column('video_id').execute();

  await db.schema
    .createTable('playlist_views')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('playlist_id', 'text', (c) => c.notNull())
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_views_pk', ['user_id', 'playlist_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('playlist_views').execute();
  await db.schema.dropTable('playlist_videos').execute();
  await db.schema.dropTable('videos').execute();
}
