import type { Kysely } from 'kysely';

// Frozen once landed. The club's numbers at a club's size (issue 25, the reports' budget): a job
// (src/server/reports/rollup.job.ts) writes what a report would otherwise read from millions of rows.
// - `report_days`: one figure of one closed local day, from the ledger and the sign-ups, which never change once
//   the day is over: e.g. (`issued`, day, `checkin`). The figure `rolled` marks a day as written.
// - `report_hours`: the same figures for each closed hour of a day not closed yet, so a report counts at request
//   time at most the last hour and ten minutes; a day's hours go once the day is kept.
// - `report_things` and `report_snapshots`: a challenge's or sweepstake's figures as of `taken_at` (votes and
//   picks can still change while it runs); `final` once it ended, when they cannot.
// `audience` is a fingerprint of who counts as staff and of the time zone the days are cut in: when either
// changes, rows of the old fingerprint are no longer read and the job makes them again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_days')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('figure', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    // The ledger kind or the cohort's week, or ''.
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_days_pk', ['organization_id', 'audience', 'figure', 'day', 'key'])
    .execute();
  await db.schema
    .createTable('report_hours')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('figure', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    // The hour's place in the local day, from 0 (a day the clocks change has 23 or 25).
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_hours_pk', ['organization_id', 'audience', 'day', 'hour', 'figure', 'key'])
    .execute();
  await db.schema
    .createTable('report_snapshots')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('thing', 'text', (c) => c.notNull())
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .addColumn('final', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_snapshots_pk', ['organization_id', 'audience', 'thing'])
    .execute();
  await db.schema
    .createTable('report_things')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('thing', 'text', (c) => c.notNull())
    .addColumn('figure', 'text', (c) => c.notNull())
    // The option's index, or ''.
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_things_pk', ['organization_id', 'audience', 'thing', 'figure', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_things').execute();
  await db.schema.dropTable('report_snapshots').execute();
  await db.schema.dropTable('report_hours').execute();
  await db.schema.dropTable('report_days').execute();
}
