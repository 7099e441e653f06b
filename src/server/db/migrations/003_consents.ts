import type { Kysely } from 'kysely';

// Frozen once landed. The profile area: the organization's consents, each user's current answer
// with an append-only history of every change, and the images users uploaded (avatar ownership).
// Portable across SQLite and PostgreSQL: text ids, ISO 8601 text timestamps, integer flags.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('consents_key_unique', ['organization_id', 'key'])
    .execute();

  await db.schema
    .createTable('user_consents')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('consent_id', 'text', (c) => c.notNull().references('consents.id').onDelete('cascade'))
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_consents_pk', ['user_id', 'consent_id'])
    .execute();

  await db.schema
    .createTable('user_consent_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('consent_id', 'text', (c) => c.notNull().references('consents.id').onDelete('cascade'))
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_consent_events_user').on('user_consent_events')
    .columns(['user_id', 'consent_id', 'created_at']).execute();

  await db.schema
    .createTable('media_uploads')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_uploads_pk', ['user_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['media_uploads', 'user_consent_events', 'user_consents', 'consents']) {
    await db.schema.dropTable(table).execute();
  }
}
