import type { Kysely } from 'kysely';

// Frozen once landed. The club's numbers (issue 25): each report reads a range of days, so each source is
// indexed by time first. The ledger's index carries what the reports read of a row (kind, amount, user), so
// PostgreSQL can answer from the index alone; sign-ups and cohorts read users by organization and time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('ledger_entries_time').on('ledger_entries').columns(['created_at', 'kind', 'amount', 'user_id']).execute();
  await db.schema.createIndex('users_organization_created').on('users').columns(['organization_id', 'created_at']).execute();
  await db.schema.createIndex('trivia_answers_challenge').on('trivia_answers').columns(['challenge_id', 'user_id', 'correct']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('trivia_answers_challenge').execute();
  await db.schema.dropIndex('users_organization_created').execute();
  await db.schema.dropIndex('ledger_entries_time').execute();
}
