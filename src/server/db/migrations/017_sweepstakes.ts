import type { Kysely } from 'kysely';

// Frozen once landed. Sweepstakes (server/sweepstakes): the draw's secret seed and its public commitment,
// the entries (one row per entry request, holding its tickets) and the winners. Spending and refunds go
// through the ledger (keys `sweepstake:<id>:<request>` and `sweepstake-refund:<entry id>`), so no balance
// lives here. `ticket_count` is raised by every entry in its transaction, which serializes the entries of
// one sweepstake and lets the freeze (a conditional update of `frozen_at`) shut the door on late ones.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sweepstakes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('prize', 'text', (c) => c.notNull())
    .addColumn('prize_value', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('sponsor', 'text', (c) => c.notNull())
    .addColumn('media_id', 'text')
    .addColumn('cost_per_entry', 'integer', (c) => c.notNull())
    .addColumn('max_entries_per_supporter', 'integer', (c) => c.notNull())
    .addColumn('winner_count', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('commitment', 'text', (c) => c.notNull())
    .addColumn('beacon_url', 'text')
    .addColumn('beacon_round', 'integer')
    .addColumn('beacon_value', 'text')
    .addColumn('ticket_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('frozen_at', 'text')
    .addColumn('entries_hash', 'text')
    .addColumn('drawn_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('rules_media', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('sweepstakes_organization_slug', ['organization_id', 'slug'])
    .execute();
  await db.schema.createIndex('sweepstakes_organization_ends').on('sweepstakes').columns(['organization_id', 'ends_at']).execute();

  await db.schema
    .createTable('sweepstake_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sweepstake_id', 'text', (c) => c.notNull().references('sweepstakes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('tickets', 'integer', (c) => c.notNull())
    .addColumn('points_spent', 'integer', (c) => c.notNull())
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('ledger_key', 'text')
    .addColumn('refunded_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('sweepstake_entries_request', ['sweepstake_id', 'user_id', 'request_key'])
    .execute();

  await db.schema
    .createTable('sweepstake_winners')
    .addColumn('sweepstake_id', 'text', (c) => c.notNull().references('sweepstakes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('entry_id', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ticket', 'integer', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('notified_at', 'text')
    .addPrimaryKeyConstraint('sweepstake_winners_pk', ['sweepstake_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sweepstake_winners').execute();
  await db.schema.dropTable('sweepstake_entries').execute();
  await db.schema.dropTable('sweepstakes').execute();
}
