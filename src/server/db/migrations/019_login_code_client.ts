import type { Kysely } from 'kysely';

// Frozen once landed. A sign-in code belongs to the client (address; IPv6: its /64) that asked for it: only
// that client's tries count against it and only its next request replaces it, so no one else can spend or
// replace a supporter's code. Codes pending at the upgrade (10 minutes at most) belong to no client.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_codes').addColumn('client', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_codes').dropColumn('client').execute();
}
