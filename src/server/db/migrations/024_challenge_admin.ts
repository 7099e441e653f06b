import type { Kysely } from 'kysely';

// Frozen once landed. Challenges made in the console: a draft is saved but never shown, an archived one is
// taken down (kept, never shown), `translations` holds the texts in other languages ({"es":{…}}), and
// `updated_at` the last save. Existing challenges are published (not drafts). The console's list reads the
// newest first per organization: one index on that order.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('challenges').addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('challenges').addColumn('archived_at', 'text').execute();
  await db.schema.alterTable('challenges').addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('challenges').addColumn('updated_at', 'text').execute();
  await db.schema.createIndex('challenges_org_created').on('challenges')
    .columns(['organization_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('challenges_org_created').execute();
  for (const column of ['updated_at', 'translations', 'archived_at', 'draft']) {
    await db.schema.alterTable('challenges').dropColumn(column).execute();
  }
}
