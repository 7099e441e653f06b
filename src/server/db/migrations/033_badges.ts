import type { Kysely } from 'kysely';

// Frozen once landed. Milestone badges (issue 26, point 4), beside the activations' own (migration 018):
// - `badges`: the club's name (English on the row, Spanish in `translations`) and picture (a site path) for
//   each milestone (`first-checkin`, `streak-7`, `challenges-10`, `first-entry`); no row: the built-in ones.
// - `milestones_earned`: one row per supporter and milestone, written in the award's own transaction, so each is
//   earned once, with the moment it was earned.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('badges')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('milestone', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('badges_pk', ['organization_id', 'milestone'])
    .execute();

  await db.schema
    .createTable('milestones_earned')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('milestone', 'text', (c) => c.notNull())
    .addColumn('earned_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('milestones_earned_pk', ['user_id', 'milestone'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('milestones_earned').execute();
  await db.schema.dropTable('badges').execute();
}
