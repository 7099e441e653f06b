import type { Kysely } from 'kysely';

// Frozen once landed. The club's own content of the kinds the console makes (issue 24, point 3): reward
// cards of its own beside the five built-in demo cards; and, on activations, experiences and sweepstakes,
// drafts, archiving, the Spanish texts (`translations`, `{ "es": { … } }`) and when an operator last
// changed them. A sweepstake also gets the club's own rules text, printed in its rules PDF.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('carousel_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('cta', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('underage_gate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_ad', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('archived_at', 'text')
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('carousel_cards_by_organization').on('carousel_cards').columns(['organization_id', 'position']).execute();

  for (const table of ['activations', 'experiences', 'sweepstakes']) {
    // Existing rows were published by the seed or by hand: they stay as they are (not drafts).
    await db.schema.alterTable(table).addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable(table).addColumn('archived_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
    await db.schema.alterTable(table).addColumn('updated_at', 'text').execute();
  }
  await db.schema.alterTable('sweepstakes').addColumn('rules', 'text', (c) => c.notNull().defaultTo('')).execute();
}
