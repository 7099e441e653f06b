import type { Kysely } from 'kysely';

// Frozen once landed. The club's numbers (issue 25): each report reads a range of days, so each source is
// indexed by time first: the ledger and the supporters by migration 027 (ledger_entries_time carries what the
// reports read of a row, so PostgreSQL can answer from the index alone; users_by_joining), the quiz answers here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('trivia_answers_challenge').on('trivia_answers').columns(['challenge_id', 'user_id', 'correct']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('trivia_answers_challenge').execute();
}
