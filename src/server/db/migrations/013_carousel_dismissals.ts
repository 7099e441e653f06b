import type { Kysely } from 'kysely';

// Frozen once landed. The reward carousel's cards are product data in code (carousel.demo.ts); only
// each supporter's dismissals are stored: one row per supporter and card, kept for good.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('carousel_dismissals')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('dismissed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('carousel_dismissals_pk', ['user_id', 'card_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('carousel_dismissals').execute();
}
