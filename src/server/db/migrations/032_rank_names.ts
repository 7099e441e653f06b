import type { Kysely } from 'kysely';

// Frozen once landed. Ranks keep their codes (P10-P1, the spec's `rank.name`) and get the club's own name for
// each and a short text of what reaching it brings (issue 26, point 3), in English on the row and Spanish in
// `translations` (`{ "es": { "title": "…", "perk": "…" } }`). Blank: the rank shows by its code alone.
// A supporter's first sweepstake entry is celebrated: whether they ever entered one is read by user, from an index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ranks').addColumn('title', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('ranks').addColumn('perk', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('ranks').addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.createIndex('sweepstake_entries_by_user').on('sweepstake_entries').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sweepstake_entries_by_user').execute();
  await db.schema.alterTable('ranks').dropColumn('translations').execute();
  await db.schema.alterTable('ranks').dropColumn('perk').execute();
  await db.schema.alterTable('ranks').dropColumn('title').execute();
}
