import type { Kysely } from 'kysely';

// Frozen once landed. Bonuses that cannot be farmed:
// - users.birthday_set_at: when the birthday on the profile was set (the bonus needs it 30 days old);
//   users.birthday_changes: how often the supporter changed a birthday once set (one change allowed).
//   A birthday already on a profile counts from the profile's last update: never earlier than it was set.
// - keyword_guesses: one row per keyword guess, to allow 10 per supporter, challenge and rolling hour.
// - referralMonthlyCap: the demo value for every organization that has no such setting yet.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('birthday_set_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('birthday_changes', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.updateTable('users').set((eb) => ({ birthday_set_at: eb.ref('updated_at') })).where('birthday', 'is not', null).execute();

  await db.schema
    .createTable('keyword_guesses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('challenge_id', 'text', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('guessed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('keyword_guesses_user_challenge').on('keyword_guesses')
    .columns(['user_id', 'challenge_id', 'guessed_at']).execute();

  const organizations = await db.selectFrom('organizations').select('id').execute();
  for (const { id } of organizations) {
    const has = await db.selectFrom('organization_settings').select('key')
      .where('organization_id', '=', id).where('key', '=', 'referralMonthlyCap').executeTakeFirst();
    if (!has) await db.insertInto('organization_settings').values({ organization_id: id, key: 'referralMonthlyCap', value: '10' }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('organization_settings').where('key', '=', 'referralMonthlyCap').execute();
  await db.schema.dropTable('keyword_guesses').execute();
  await db.schema.alterTable('users').dropColumn('birthday_changes').execute();
  await db.schema.alterTable('users').dropColumn('birthday_set_at').execute();
}
