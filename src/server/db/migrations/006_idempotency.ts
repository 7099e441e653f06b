import type { Kysely } from 'kysely';

// Frozen once landed. The first answer to each unsafe request sent with an Idempotency-Key, kept
// 24 hours so a retry gets the same answer instead of a second effect.
// Portable across SQLite and PostgreSQL: text keys, ISO 8601 text timestamps, the body as base64 text.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    // `user:<id>` for signed-in callers, `org:<id>` for anonymous ones.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // 'pending' while the first request runs, then 'completed'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_headers', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
