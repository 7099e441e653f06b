import type { Kysely } from 'kysely';

// Frozen once landed. Indexes the EXPLAIN check (src/server/db/explain.postgres.test.ts, issue 27) found missing:
// statements on a request path that read a growing table whole.
// - `sweepstake_winners (user_id)` and `membership_upgrade_requests (user_id)`: a supporter's data export (theirs,
//   or the console's for them) reads their wins and their upgrade requests.
// - `experience_requests (created_at, id)`: the console's list of requests, newest first, reads a page of them
//   rather than sorting every request ever made.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sweepstake_winners_by_user').on('sweepstake_winners').column('user_id').execute();
  await db.schema.createIndex('membership_upgrade_requests_by_user').on('membership_upgrade_requests').column('user_id').execute();
  await db.schema.createIndex('experience_requests_recent').on('experience_requests').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('experience_requests_recent').execute();
  await db.schema.dropIndex('membership_upgrade_requests_by_user').execute();
  await db.schema.dropIndex('sweepstake_winners_by_user').execute();
}
