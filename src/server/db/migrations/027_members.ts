import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed. The console's members (issue 25): finding a supporter fast at a million, blocking one,
// erasing one, and putting a balance right through the ledger with a reason, some of it waiting for the owner.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('blocked_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('blocked_reason', 'text').execute();
  // When the supporter's personal data was erased (their ledger and entries stay, anonymous).
  await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();

  // Search by the first letters of an address, a name or a username. E-mail: on SQLite the unique (organization, email)
  // index answers a GLOB prefix; PostgreSQL needs text_pattern_ops for a LIKE prefix under any collation.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index users_email_prefix on users (organization_id, email text_pattern_ops)`.execute(db);
    await sql`create index users_first_name_prefix on users (organization_id, lower(first_name) text_pattern_ops)`.execute(db);
    await sql`create index users_last_name_prefix on users (organization_id, lower(last_name) text_pattern_ops)`.execute(db);
    await sql`create index users_username_prefix on users (organization_id, lower(username) text_pattern_ops)`.execute(db);
  } else {
    await sql`create index users_first_name_prefix on users (organization_id, lower(first_name))`.execute(db);
    await sql`create index users_last_name_prefix on users (organization_id, lower(last_name))`.execute(db);
    await sql`create index users_username_prefix on users (organization_id, lower(username))`.execute(db);
  }
  // Supporters who joined in a period (the members CSV export, the sign-ups and cohort reports), in joining order.
  await db.schema.createIndex('users_by_joining').on('users').columns(['organization_id', 'created_at', 'id']).execute();
  // The ledger of a period, for every supporter: the CSV export reads it in (created_at, id) order, and the
  // reports (migration 028) read kind, amount and supporter from the index alone (PostgreSQL's index-only scans).
  await db.schema.createIndex('ledger_entries_time').on('ledger_entries').columns(['created_at', 'id', 'kind', 'amount', 'user_id']).execute();
  // Ending every session of one supporter (block, sign out everywhere) and listing them on their page.
  await db.schema.createIndex('sessions_by_user').on('sessions').columns(['user_id', 'created_at']).execute();

  // Retention (src/server/privacy/retention.ts): what has expired is found by its time, not by a full scan.
  await db.schema.createIndex('sessions_by_expiry').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('sessions_by_end').on('sessions').column('ended_at').execute();
  await db.schema.createIndex('login_codes_by_expiry').on('login_codes').column('expires_at').execute();
  await db.schema.createIndex('rate_limit_hits_by_window').on('rate_limit_hits').column('window_start').execute();

  await db.schema
    .createTable('member_adjustments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Signed: a credit is positive, a debit negative.
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // `{ "es": { "reason": … } }`: what a supporter reading Spanish sees.
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    // The ledger entry this one takes back (a reversal of one award), else null.
    .addColumn('reverses_entry_id', 'text')
    // applied | pending (over support's limit, waiting for the owner) | refused
    .addColumn('status', 'text', (c) => c.notNull())
    // The caller's key: a repeat of the same request is the same adjustment.
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('requested_by_id', 'text', (c) => c.notNull())
    .addColumn('requested_by_label', 'text', (c) => c.notNull())
    .addColumn('requested_by_role', 'text', (c) => c.notNull())
    .addColumn('decided_by_label', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('ledger_entry_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('member_adjustments_key', ['organization_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('member_adjustments_by_user').on('member_adjustments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('member_adjustments_by_status').on('member_adjustments').columns(['organization_id', 'status', 'created_at']).execute();
  // Support's daily limit sums what one operator applied today.
  await db.schema.createIndex('member_adjustments_by_requester').on('member_adjustments').columns(['requested_by_id', 'created_at']).execute();
}
