import type { Kysely } from 'kysely';

// Frozen once landed. The ledger's indexes keep what a request reads (issue 27). ledger_entries_time carried each
// entry's kind, amount and supporter so the reports could count a period from the index alone; the reports now count
// each closed hour once, in a job (migration 030), and read that hour's rows from the table, where they lie together
// in time order. The index was the ledger's largest: about 260 bytes a row, beside 210 for the row itself, so at a
// million supporters with 30 entries each some 7 GB kept for a job. (created_at, id) still orders the ledger export's
// pages and finds an hour's rows.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_time').execute();
  await db.schema.createIndex('ledger_entries_time').on('ledger_entries').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_time').execute();
  await db.schema.createIndex('ledger_entries_time').on('ledger_entries').columns(['created_at', 'id', 'kind', 'amount', 'user_id']).execute();
}
