import { sql, type Kysely } from 'kysely';

// Frozen once landed. What keeps a popular prize as cheap as a small one (issue 22, item 4), and the
// owner of an idempotency claim (item 5):
// - `sweepstake_entries (sweepstake_id, id)`: the frozen entry list is read a page at a time, in its
//   published order, from this index; a supporter's own entries from `(sweepstake_id, user_id, id)`.
//   `sweepstakes.published_entries` is the list's length, counted at the freeze.
// - `poll_tallies`: a poll's votes per option, kept as votes arrive in the vote's transaction. Each
//   option has several counter rows (shards) and a vote raises one chosen at random, so concurrent votes
//   seldom wait on one row; the tally is the sum of an option's shards, exact. Filled here from the votes
//   already cast.
// - `idempotency_keys.owner`: the process that claimed a pending key, so a restarted server can tell a
//   claim of a dead process from one still running (null for claims made before this migration).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sweepstake_entries_list').on('sweepstake_entries').columns(['sweepstake_id', 'id']).execute();
  await db.schema.createIndex('sweepstake_entries_supporter').on('sweepstake_entries').columns(['sweepstake_id', 'user_id', 'id']).execute();
  await db.schema.alterTable('sweepstakes').addColumn('published_entries', 'integer').execute();
  await sql`update sweepstakes set published_entries = (select count(*) from sweepstake_entries e where e.sweepstake_id = sweepstakes.id)
    where frozen_at is not null`.execute(db);

  await db.schema
    .createTable('poll_tallies')
    .addColumn('challenge_id', 'text', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('response_index', 'integer', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('votes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('poll_tallies_pk', ['challenge_id', 'response_index', 'shard'])
    .execute();
  await sql`insert into poll_tallies (challenge_id, response_index, shard, votes)
    select r.challenge_id, r.response_index, 0, count(*) from challenge_responses r
    join challenges c on c.id = r.challenge_id
    where c.subtype = 'poll' and r.response_index is not null
    group by r.challenge_id, r.response_index`.execute(db);

  await db.schema.alterTable('idempotency_keys').addColumn('owner', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('owner').execute();
  await db.schema.dropTable('poll_tallies').execute();
  await db.schema.alterTable('sweepstakes').dropColumn('published_entries').execute();
  await db.schema.dropIndex('sweepstake_entries_supporter').execute();
  await db.schema.dropIndex('sweepstake_entries_list').execute();
}
