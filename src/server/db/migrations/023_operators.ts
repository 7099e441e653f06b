import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed. The club's staff (operators with a role), their console sessions, API keys for
// automation, and the audit trail of every operator write. The trail is append-only in the database
// itself: a trigger refuses any UPDATE or DELETE, whatever code path tries it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('operators_email_unique', ['organization_id', 'email'])
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_hint', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('audit_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('request_id', 'text')
    .addColumn('client_address', 'text')
    .execute();
  await db.schema.createIndex('audit_entries_at').on('audit_entries').columns(['organization_id', 'at']).execute();
  await db.schema.createIndex('audit_entries_subject').on('audit_entries').columns(['organization_id', 'subject_kind', 'subject_id']).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function audit_entries_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_entries is append-only'; end $$`.execute(db);
    await sql`create trigger audit_entries_append_only before update or delete on audit_entries
      for each statement execute function audit_entries_append_only()`.execute(db);
  } else {
    for (const event of ['update', 'delete']) {
      await sql.raw(`create trigger audit_entries_no_${event} before ${event} on audit_entries
        begin select raise(abort, 'audit_entries is append-only'); end`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['audit_entries', 'api_keys', 'operator_sessions', 'operators']) await db.schema.dropTable(table).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`drop function if exists audit_entries_append_only()`.execute(db);
}
