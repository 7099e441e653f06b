import type { Kysely } from 'kysely';

// Frozen once landed. What a signed-in page shows can be kept in memory (src/server/http/supporter-page-cache.ts)
// only while nothing it was made from has changed; these counters say when something has, in every process:
// - users.page_version: raised with every balance change (server/ledger) and after every write a supporter asks for;
// - organizations.content_version: raised after every operator write (/api/admin/*).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('page_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('organizations').addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('content_version').execute();
  await db.schema.alterTable('users').dropColumn('page_version').execute();
}
