import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Period } from './report.periods.ts';

// The reports' SQL: one statement a figure, the same text on SQLite and PostgreSQL. Periods arrive as a
// VALUES list of ISO instants (./report.periods.ts), so the time zone never enters the SQL and each period
// is an index range on `created_at` (migration 028).

/** Who is counted: the organization's supporters, less its staff (DESIGN.md, "The operator side"). */
export interface Audience {
  organizationId: string;
  /** The internalDomains setting: the club's own people sign in with these addresses. */
  internalDomains: readonly string[];
}

/**
 * The supporter `u` is counted: of the organization, not an operator's address (the same test the
 * sweepstake entry makes), and not at one of the club's internal domains.
 */
export function supporterOf(audience: Audience): RawBuilder<unknown> {
  const domains = audience.internalDomains.map((domain) => sql`u.email like ${`%@${domain}`}`);
  return sql`u.organization_id = ${audience.organizationId}
    and not exists (select 1 from operators o where o.organization_id = u.organization_id and o.email = u.email)
    ${domains.length ? sql`and not (${sql.join(domains, sql` or `)})` : sql``}`;
}

const periodsTable = (periods: readonly Period[]) =>
  sql`periods (label, start_at, end_at) as (values ${sql.join(periods.map((p) => sql`(${p.label}, ${p.start}, ${p.end})`))})`;

type Count = number | string | bigint | null;
const n = (value: Count): number => Number(value ?? 0);

/** Distinct supporters with a ledger entry (earned, spent or checked in) in each period. */
export async function countActive(db: Db, audience: Audience, periods: readonly Period[]) {
  const { rows } = await sql<{ label: string; supporters: Count }>`with ${periodsTable(periods)}
    select p.label, count(distinct l.user_id) as supporters
    from periods p
    join ledger_entries l on l.created_at >= p.start_at and l.created_at < p.end_at
    join users u on u.id = l.user_id
    where ${supporterOf(audience)}
    group by p.label`.execute(db);
  return new Map(rows.map((r) => [r.label, n(r.supporters)]));
}

export async function countSignups(db: Db, audience: Audience, periods: readonly Period[]) {
  const { rows } = await sql<{ label: string; signups: Count }>`with ${periodsTable(periods)}
    select p.label, count(u.id) as signups
    from periods p
    join users u on u.organization_id = ${audience.organizationId} and u.created_at >= p.start_at and u.created_at < p.end_at
    where ${supporterOf(audience)}
    group by p.label`.execute(db);
  return new Map(rows.map((r) => [r.label, n(r.signups)]));
}

/** Points awarded (positive entries) and spent (negative ones) per period and ledger kind. */
export async function sumPointsByKind(db: Db, audience: Audience, periods: readonly Period[], kind?: string) {
  const { rows } = await sql<{ label: string; kind: string; issued: Count; spent: Count; entries: Count }>`with ${periodsTable(periods)}
    select p.label, l.kind,
      sum(case when l.amount > 0 then l.amount else 0 end) as issued,
      sum(case when l.amount < 0 then -l.amount else 0 end) as spent,
      count(*) as entries
    from periods p
    join ledger_entries l on l.created_at >= p.start_at and l.created_at < p.end_at ${kind ? sql`and l.kind = ${kind}` : sql``}
    join users u on u.id = l.user_id
    where ${supporterOf(audience)}
    group by p.label, l.kind
    order by p.label, l.kind`.execute(db);
  return rows.map((r) => ({ label: r.label, kind: r.kind, issued: n(r.issued), spent: n(r.spent), entries: n(r.entries) }));
}

/** What the club owes: the sum of supporters' spendable balances now. */
export async function sumOutstanding(db: Db, audience: Audience) {
  const row = (await sql<{ holders: Count; points: Count }>`
    select sum(case when u.points > 0 then 1 else 0 end) as holders, sum(u.points) as points
    from users u where ${supporterOf(audience)}`.execute(db)).rows[0];
  return { holders: n(row?.holders ?? 0), points: n(row?.points ?? 0) };
}

/** Challenges of the organization on show at some time in [start, end), oldest first. */
export function listChallengesShown(db: Db, organizationId: string, start: string, end: string) {
  return db.selectFrom('challenges')
    .select(['id', 'title', 'subtype', 'options', 'visible_from'])
    .where('organization_id', '=', organizationId).where('draft', '=', 0)
    .where('visible_from', '<', end)
    .where((eb) => eb.or([eb('expires_on', 'is', null), eb('expires_on', '>=', start)]))
    .orderBy('visible_from').orderBy('id')
    .execute();
}

const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}`));

/** Distinct supporters who answered, voted, picked or finished a game, per challenge. */
export async function countParticipants(db: Db, audience: Audience, ids: readonly string[]) {
  if (!ids.length) return new Map<string, number>();
  const { rows } = await sql<{ challenge_id: string; participants: Count }>`
    select x.challenge_id, count(distinct x.user_id) as participants
    from (
      select challenge_id, user_id from challenge_responses where challenge_id in (${idList(ids)})
      union select challenge_id, user_id from trivia_answers where challenge_id in (${idList(ids)})
      union select challenge_id, user_id from arcade_plays where challenge_id in (${idList(ids)}) and finished_at is not null
    ) x join users u on u.id = x.user_id
    where ${supporterOf(audience)}
    group by x.challenge_id`.execute(db);
  return new Map(rows.map((r) => [r.challenge_id, n(r.participants)]));
}

/** Right and all answers per challenge: quiz answers, and pick'em picks once the outcome is set. */
export async function countRightAnswers(db: Db, audience: Audience, ids: readonly string[]) {
  if (!ids.length) return new Map<string, { right: number; answers: number }>();
  const { rows } = await sql<{ challenge_id: string; right_answers: Count; answers: Count }>`
    select t.challenge_id, sum(t.correct) as right_answers, count(*) as answers
    from trivia_answers t join users u on u.id = t.user_id
    where t.challenge_id in (${idList(ids)}) and ${supporterOf(audience)}
    group by t.challenge_id
    union all
    select r.challenge_id, sum(case when r.response_index = o.outcome then 1 else 0 end), count(*)
    from challenge_responses r join pickem_outcomes o on o.challenge_id = r.challenge_id join users u on u.id = r.user_id
    where r.challenge_id in (${idList(ids)}) and ${supporterOf(audience)}
    group by r.challenge_id`.execute(db);
  return new Map(rows.map((r) => [r.challenge_id, { right: n(r.right_answers), answers: n(r.answers) }]));
}

/** Votes (or picks) per challenge and option. */
export async function countVotes(db: Db, audience: Audience, ids: readonly string[]) {
  if (!ids.length) return [];
  const { rows } = await sql<{ challenge_id: string; response_index: number; votes: Count }>`
    select r.challenge_id, r.response_index, count(*) as votes
    from challenge_responses r join users u on u.id = r.user_id
    where r.challenge_id in (${idList(ids)}) and r.response_index is not null and ${supporterOf(audience)}
    group by r.challenge_id, r.response_index`.execute(db);
  return rows.map((r) => ({ challengeId: r.challenge_id, option: Number(r.response_index), votes: n(r.votes) }));
}

export async function listOutcomesOf(db: Db, ids: readonly string[]) {
  if (!ids.length) return new Map<string, number>();
  const rows = await db.selectFrom('pickem_outcomes').select(['challenge_id', 'outcome']).where('challenge_id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.challenge_id, Number(r.outcome)]));
}

/** Sweepstakes open at some time in [start, end) with their tickets (refunds left out) and distinct entrants. */
export async function countSweepstakeEntries(db: Db, audience: Audience, start: string, end: string) {
  const { rows } = await sql<{ id: string; title: string; starts_at: string; tickets: Count; entrants: Count }>`
    select s.id, s.title, s.starts_at, coalesce(sum(e.tickets), 0) as tickets, count(distinct e.user_id) as entrants
    from sweepstakes s
    left join (
      select e.sweepstake_id, e.user_id, e.tickets from sweepstake_entries e join users u on u.id = e.user_id
      where e.refunded_at is null and ${supporterOf(audience)}
    ) e on e.sweepstake_id = s.id
    where s.organization_id = ${audience.organizationId} and s.draft = 0 and s.starts_at < ${end} and s.ends_at >= ${start}
    group by s.id, s.title, s.starts_at
    order by s.starts_at, s.id`.execute(db);
  return rows.map((r) => ({ id: r.id, title: r.title, tickets: n(r.tickets), entrants: n(r.entrants) }));
}

/** Per signup week: the cohort's size, and how many of it were active in each week from then on. */
export async function countCohorts(db: Db, audience: Audience, weeks: readonly Period[]) {
  const sizes = await sql<{ label: string; size: Count }>`with ${periodsTable(weeks)}
    select p.label, count(u.id) as size
    from periods p join users u on u.organization_id = ${audience.organizationId} and u.created_at >= p.start_at and u.created_at < p.end_at
    where ${supporterOf(audience)}
    group by p.label`.execute(db);
  const active = await sql<{ cohort: string; week: string; active: Count }>`with ${periodsTable(weeks)}
    select c.label as cohort, a.label as week, count(distinct u.id) as active
    from periods c
    join users u on u.organization_id = ${audience.organizationId} and u.created_at >= c.start_at and u.created_at < c.end_at
    join periods a on a.label >= c.label
    where ${supporterOf(audience)}
      and exists (select 1 from ledger_entries l where l.user_id = u.id and l.created_at >= a.start_at and l.created_at < a.end_at)
    group by c.label, a.label`.execute(db);
  return {
    sizes: new Map(sizes.rows.map((r) => [r.label, n(r.size)])),
    active: new Map(active.rows.map((r) => [`${r.cohort}|${r.week}`, n(r.active)])),
  };
}
