import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { n, periodOf, supporterOf, within, type Audience, type Count } from '../reports/report.audience.repository.ts';
import type { Period } from '../reports/report.periods.ts';

// The club's numbers read from the ledger (issue 25): the ledger owns its table, so its figures' SQL is here;
// src/server/reports shapes them into reports. Each reads one index range of `created_at` (migration 028).

/** Distinct supporters with a ledger entry (earned, spent or checked in) in each period. */
export async function countActive(db: Db, audience: Audience, periods: readonly Period[]) {
  const at = sql`l.created_at`;
  const { rows } = await sql<{ label: string; supporters: Count }>`
    select x.label, count(distinct x.user_id) as supporters
    from (
      select ${periodOf(at, periods)} as label, l.user_id
      from ledger_entries l join users u on u.id = l.user_id
      where ${within(at, periods)} and ${supporterOf(audience)}
    ) x
    group by x.label`.execute(db);
  return new Map(rows.map((r) => [r.label, n(r.supporters)]));
}

/** Points awarded (positive entries) and spent (negative ones) per period and ledger kind. */
export async function sumPointsByKind(db: Db, audience: Audience, periods: readonly Period[], kind?: string) {
  const at = sql`l.created_at`;
  const { rows } = await sql<{ label: string; kind: string; issued: Count; spent: Count; entries: Count }>`
    select x.label, x.kind,
      sum(case when x.amount > 0 then x.amount else 0 end) as issued,
      sum(case when x.amount < 0 then -x.amount else 0 end) as spent,
      count(*) as entries
    from (
      select ${periodOf(at, periods)} as label, l.kind, l.amount
      from ledger_entries l join users u on u.id = l.user_id
      where ${within(at, periods)} ${kind ? sql`and l.kind = ${kind}` : sql``} and ${supporterOf(audience)}
    ) x
    group by x.label, x.kind
    order by x.label, x.kind`.execute(db);
  return rows.map((r) => ({ label: r.label, kind: r.kind, issued: n(r.issued), spent: n(r.spent), entries: n(r.entries) }));
}

/** Supporters who joined in `weeks` (cohort, by the week they joined) with a ledger entry in each week after. */
export async function countCohortActivity(db: Db, audience: Audience, weeks: readonly Period[]) {
  const joined = sql`u.created_at`;
  const at = sql`l.created_at`;
  const { rows } = await sql<{ cohort: string; week: string; active: Count }>`
    select c.cohort, a.week, count(distinct c.id) as active
    from (select u.id, ${periodOf(joined, weeks)} as cohort from users u where ${within(joined, weeks)} and ${supporterOf(audience)}) c
    join (select l.user_id, ${periodOf(at, weeks)} as week from ledger_entries l where ${within(at, weeks)}) a
      on a.user_id = c.id and a.week >= c.cohort
    group by c.cohort, a.week`.execute(db);
  return new Map(rows.map((r) => [`${r.cohort}|${r.week}`, n(r.active)]));
}
