import { sql, type Kysely } from 'kysely';

// Frozen once landed. Leaderboards (issue 26, point 5): the week's, the month's and the season's points earned,
// kept in the award's own transaction by src/server/ledger (src/server/leaderboards/leaderboard.earnings.ts).
// - `leaderboard_totals`: one supporter's points earned on one board (`week:2026-11-23`, `month:2026-11-01`,
//   `season:2026-07-01`, by the local day the period starts on). The rank index answers the top and the rows
//   either side of a supporter, both as one index range.
// - `leaderboard_levels`: how many supporters of a board stand at each total: a place is one plus the supporters
//   above it, summed over a few thousand levels instead of counted over a million rows.
// - `leaderboard_names`: the supporters who chose to be shown by name (no row: "Supporter 4821").
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leaderboard_totals')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('board', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('leaderboard_totals_pk', ['organization_id', 'board', 'user_id'])
    .execute();
  await db.schema.createIndex('leaderboard_totals_rank').on('leaderboard_totals').columns(['organization_id', 'board', 'points', 'user_id']).execute();
  // A supporter's rows by user: the foreign key's cascade, and a left-out supporter's total read from the index alone.
  await db.schema.createIndex('leaderboard_totals_by_user').on('leaderboard_totals').columns(['user_id', 'board', 'points']).execute();

  await db.schema
    .createTable('leaderboard_levels')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('board', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('supporters', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('leaderboard_levels_pk', ['organization_id', 'board', 'points'])
    .execute();

  await db.schema
    .createTable('leaderboard_names')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('chosen_at', 'text', (c) => c.notNull())
    .execute();

  // The blocked supporters of a club, found without reading every supporter: a board leaves them out.
  await db.schema.createIndex('users_blocked').on('users').columns(['organization_id', 'id']).where(sql.ref('blocked_at'), 'is not', null).execute();
}
