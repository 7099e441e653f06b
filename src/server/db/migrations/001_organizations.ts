import type { Kysely } from 'kysely';

// Frozen once landed: change the schema with a new numbered file, never by editing this one.
// Portable across SQLite and PostgreSQL: text ids, ISO 8601 text timestamps, integer flags.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull().unique())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organization_settings')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('organization_settings_pk', ['organization_id', 'key'])
    .execute();

  await db.schema
    .createTable('ranks')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('points_required', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ranks_pk', ['organization_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ranks').execute();
  await db.schema.dropTable('organization_settings').execute();
  await db.schema.dropTable('organizations').execute();
}
