import type { Kysely } from 'kysely';

// Frozen once landed. Sign-in with the club's OpenID Connect provider (OIDC_ISSUER): each supporter's
// subject there (so a changed e-mail at the provider still finds the account), the sign-ins under way
// (PKCE verifier and nonce, kept here, never in the browser), and the ID token of each session it opened
// (the id_token_hint of the provider's sign-out; the token never leaves the server otherwise).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('provider_accounts')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('provider_accounts_pk', ['organization_id', 'subject'])
    .execute();

  await db.schema
    .createTable('provider_sign_ins')
    // SHA-256 of the state sent to the provider.
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('provider_sign_ins_expiry').on('provider_sign_ins').column('expires_at').execute();

  await db.schema
    .createTable('provider_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('id_token', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_sessions').execute();
  await db.schema.dropTable('provider_sign_ins').execute();
  await db.schema.dropTable('provider_accounts').execute();
}
