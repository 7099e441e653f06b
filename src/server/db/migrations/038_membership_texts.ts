import type { Kysely } from 'kysely';

// Frozen once landed. A membership tier's texts (name, description, perks, price label) are the club's words, set in
// the console: English on the row, Spanish in `translations` (`{ "es": { "name": "…", "perks": ["…"] } }`), as every
// other text a supporter reads.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('membership_tiers').addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('membership_tiers').dropColumn('translations').execute();
}
