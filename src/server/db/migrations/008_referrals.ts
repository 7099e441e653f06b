import type { Kysely } from 'kysely';

// Frozen once landed. Per-user reward state kept apart from `users`: the referral code (made on
// first need), who referred the user, and the year whose birthday bonus modal the user closed.
// Portable across SQLite and PostgreSQL: text ids, integer year; NULL codes do not collide.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_rewards')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('referral_code', 'text')
    .addColumn('referred_by', 'text')
    .addColumn('birthday_seen_year', 'integer')
    .execute();
  await db.schema.createIndex('user_rewards_code').on('user_rewards').columns(['organization_id', 'referral_code']).unique().execute();
  await db.schema.createIndex('user_rewards_referred_by').on('user_rewards').column('referred_by').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_rewards').execute();
}
