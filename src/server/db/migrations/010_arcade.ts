import type { Kysely } from 'kysely';

// Frozen once landed. An arcade challenge carries its game's rules as JSON (`game`: duration, maximum
// score and rate, score tiers). A play is a ticket the server issues when a game starts: the score that
// comes back is accepted only with it, once, and capped by the time elapsed since `started_at`.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('challenges').addColumn('game', 'text').execute();
  await db.schema
    .createTable('arcade_plays')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('challenge_id', 'text', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('score', 'integer')
    .execute();
  await db.schema.createIndex('arcade_plays_user_challenge').on('arcade_plays').columns(['user_id', 'challenge_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('arcade_plays').execute();
  await db.schema.alterTable('challenges').dropColumn('game').execute();
}
