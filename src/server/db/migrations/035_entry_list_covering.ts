import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed. A sweepstake's frozen entry list is read in its published order a page at a time (the prize
// page's lines, GET /api/sweepstake/{id}/entries and so `npm run verify-draw`, the freeze's hash, the draw's map of
// the list and its pages): on PostgreSQL from this index alone now. On (sweepstake_id, id) only, every line went to
// the table for its holder, tickets and supporter, a random read each as entry ids are random: at a million entries
// 6.7 ms a page of 1,000 lines, 0.3 ms from the index (issue 27; docs/performance.md, "A club's size").
// SQLite keeps the index as it was: carrying the supporter in it made SQLite's planner read a supporter's own
// entries from it (the whole list) rather than from (sweepstake_id, user_id, id), and its look-ups of a row by
// rowid are cheap.
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema.dropIndex('sweepstake_entries_list').execute();
  await sql`create index sweepstake_entries_list on sweepstake_entries (sweepstake_id, id) include (holder, tickets, user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema.dropIndex('sweepstake_entries_list').execute();
  await db.schema.createIndex('sweepstake_entries_list').on('sweepstake_entries').columns(['sweepstake_id', 'id']).execute();
}
