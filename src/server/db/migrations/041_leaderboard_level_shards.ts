import { type Kysely } from 'kysely';

// Frozen once landed. A board's levels in shards: every supporter who checks in earns the same points, so every first
// check-in of a match day moved the same three level rows, and on PostgreSQL each waited for the one before to commit
// (issue 27: `Lock:transactionid` was what the backends did most under a burst). A supporter's moves now go to one of
// sixteen shards of a level (src/server/leaderboards/leaderboard.repository.ts), and a level is the sum of its shards.
// Rebuilt rather than altered: SQLite cannot change a primary key. The rows kept are shard 0's.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leaderboard_levels_next')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('board', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('supporters', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('leaderboard_levels_shard_pk', ['organization_id', 'board', 'points', 'shard'])
    .execute();
  await db.insertInto('leaderboard_levels_next').columns(['organization_id', 'board', 'points', 'shard', 'supporters'])
    .expression(db.selectFrom('leaderboard_levels').select(['organization_id', 'board', 'points', (eb) => eb.lit(0).as('shard'), 'supporters']))
    .execute();
  await db.schema.dropTable('leaderboard_levels').execute();
  await db.schema.alterTable('leaderboard_levels_next').renameTo('leaderboard_levels').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leaderboard_levels_prev')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('board', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('supporters', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('leaderboard_levels_pk', ['organization_id', 'board', 'points'])
    .execute();
  await db.insertInto('leaderboard_levels_prev').columns(['organization_id', 'board', 'points', 'supporters'])
    .expression(db.selectFrom('leaderboard_levels').select(['organization_id', 'board', 'points', (eb) => eb.fn.sum('supporters').as('supporters')])
      .groupBy(['organization_id', 'board', 'points']))
    .execute();
  await db.schema.dropTable('leaderboard_levels').execute();
  await db.schema.alterTable('leaderboard_levels_prev').renameTo('leaderboard_levels').execute();
}
