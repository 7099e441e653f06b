import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';
import { n, periodOf, supporterOf, within, type Audience, type Count } from '../reports/report.audience.repository.ts';
import type { DayFrame } from '../reports/report.periods.ts';

// The club's numbers read from the ledger (issue 25): the ledger owns its table, so its figures' SQL is here;
// src/server/reports adds them up into reports. Each statement counts one slot of a local day (the day, or an
// hour of it: one index range of `created_at`, ledger_entries_time), so a closed one is counted once and kept
// (../reports/rollup.job.ts).

/**
 * When the supporter `userId` joined, or null when they do not count (another organization's, or staff). A
 * subquery per row, not a join: PostgreSQL reckons an hour of the ledger at thirty times its rows and would
 * read every supporter to join them (115 ms for an hour's 3,400 rows); per row it reads one each.
 */
const joinedIfCounted = (audience: Audience, userId: RawBuilder<unknown>) =>
  sql`(select u.created_at from users u where u.id = ${userId} and ${supporterOf(audience)})`;

/**
 * The slot's active supporters (a ledger entry of any kind) new to its day, week and month (no entry earlier in
 * it: so a day's, week's or month's count is the sum of its slots'), the week's by the week they joined.
 */
export async function countDayActivity(db: Db, audience: Audience, frame: DayFrame) {
  const { slot, dayStart, weekStart, monthStart, cohorts } = frame;
  const joined = sql`s.joined`;
  // Nothing is earlier in a period that starts with the slot: no index probe per supporter for it.
  const isNew = (from: string) => (from >= slot.start ? sql`1`
    : sql`case when exists (select 1 from ledger_entries p where p.user_id = d.user_id and p.created_at >= ${from} and p.created_at < ${slot.start}) then 0 else 1 end`);
  // Materialized: each supporter's row is read once (inlined, PostgreSQL read it again in each cohort's test).
  const { rows } = await sql<{ cohort: string | null; day_new: Count; week_new: Count; month_new: Count }>`
    with s as materialized (
      select x.user_id, ${joinedIfCounted(audience, sql`x.user_id`)} as joined
      from (select distinct l.user_id from ledger_entries l where l.created_at >= ${slot.start} and l.created_at < ${slot.end}) x
    )
    select d.cohort, sum(${isNew(dayStart)}) as day_new, sum(${isNew(weekStart)}) as week_new, sum(${isNew(monthStart)}) as month_new
    from (select s.user_id, case when ${within(joined, cohorts)} then ${periodOf(joined, cohorts)} end as cohort from s where s.joined is not null) d
    group by d.cohort`.execute(db);
  return rows.map((r) => ({ cohort: r.cohort, dayNew: n(r.day_new), weekNew: n(r.week_new), monthNew: n(r.month_new) }));
}

/** The slot's points awarded (positive entries) and spent (negative ones), and its entries, per ledger kind. */
export async function sumDayPoints(db: Db, audience: Audience, frame: DayFrame) {
  const { rows } = await sql<{ kind: string; issued: Count; spent: Count; entries: Count }>`
    select x.kind,
      sum(case when x.amount > 0 then x.amount else 0 end) as issued,
      sum(case when x.amount < 0 then -x.amount else 0 end) as spent,
      count(*) as entries
    from (
      select l.kind, l.amount, ${joinedIfCounted(audience, sql`l.user_id`)} as joined
      from ledger_entries l where l.created_at >= ${frame.slot.start} and l.created_at < ${frame.slot.end}
    ) x
    where x.joined is not null
    group by x.kind`.execute(db);
  return rows.map((r) => ({ kind: r.kind, issued: n(r.issued), spent: n(r.spent), entries: n(r.entries) }));
}
