import type { Kysely } from 'kysely';

// Frozen once landed. One outcome per pick'em, set by an operator: the primary key makes a second,
// concurrent outcome lose (it waits for the first and then finds the row).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pickem_outcomes')
    .addColumn('challenge_id', 'text', (c) => c.primaryKey().references('challenges.id').onDelete('cascade'))
    .addColumn('outcome', 'integer', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pickem_outcomes').execute();
}
