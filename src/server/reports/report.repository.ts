import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { n, periodOf, supporterOf, within, type Audience, type Count } from './report.audience.repository.ts';
import type { Period } from './report.periods.ts';

// The reports' SQL outside the ledger (../ledger/ledger.figures.repository.ts has the ledger's): sign-ups, what the
// club owes, challenges, votes and sweepstake entries; the staff left out (supporterOf).

export async function countSignups(db: Db, audience: Audience, periods: readonly Period[]) {
  const at = sql`u.created_at`;
  const { rows } = await sql<{ label: string; signups: Count }>`
    select x.label, count(*) as signups
    from (select ${periodOf(at, periods)} as label from users u where ${within(at, periods)} and ${supporterOf(audience)}) x
    group by x.label`.execute(db);
  return new Map(rows.map((r) => [r.label, n(r.signups)]));
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

