import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { n, supporterOf, type Audience, type Count } from './report.audience.repository.ts';

// The reports' SQL outside the ledger (../ledger/ledger.figures.repository.ts has the ledger's): sign-ups, what the
// club owes, challenges, votes and sweepstake entries; the staff left out (supporterOf). The rollups' own SQL is in
// ./rollup.repository.ts.

/** Supporters who joined in the slot. */
export async function countDaySignups(db: Db, audience: Audience, day: { start: string; end: string }): Promise<number> {
  const row = (await sql<{ signups: Count }>`
    select count(*) as signups from users u
    where u.organization_id = ${audience.organizationId} and u.created_at >= ${day.start} and u.created_at < ${day.end} and ${supporterOf(audience)}`.execute(db)).rows[0];
  return n(row?.signups ?? 0);
}

/** The first instant anyone joined the organization: no supporter's activity comes before it. */
export async function findFirstSignup(db: Db, organizationId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.min('created_at').as('first')).where('organization_id', '=', organizationId).executeTakeFirst();
  return row?.first ?? null;
}

/** The staff's addresses: they count nowhere (supporterOf). */
export async function listStaffEmails(db: Db, organizationId: string): Promise<string[]> {
  return (await db.selectFrom('operators').select('email').where('organization_id', '=', organizationId).execute()).map((r) => r.email);
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

/** Right and all quiz answers per challenge (a pick'em's come from its picks and outcome). */
export async function countQuizAnswers(db: Db, audience: Audience, ids: readonly string[]) {
  if (!ids.length) return [];
  const { rows } = await sql<{ challenge_id: string; right_answers: Count; answers: Count }>`
    select t.challenge_id, sum(t.correct) as right_answers, count(*) as answers
    from trivia_answers t join users u on u.id = t.user_id
    where t.challenge_id in (${idList(ids)}) and ${supporterOf(audience)}
    group by t.challenge_id`.execute(db);
  return rows.map((r) => ({ challengeId: r.challenge_id, right: n(r.right_answers), answers: n(r.answers) }));
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

/** Sweepstakes open at some time in [start, end), oldest first. */
export function listSweepstakesShown(db: Db, organizationId: string, start: string, end: string) {
  return db.selectFrom('sweepstakes').select(['id', 'title', 'starts_at', 'cancelled_at'])
    .where('organization_id', '=', organizationId).where('draft', '=', 0)
    .where('starts_at', '<', end).where('ends_at', '>=', start)
    .orderBy('starts_at').orderBy('id')
    .execute();
}

/** Tickets (refunds left out) and distinct entrants per sweepstake. */
export async function countEntries(db: Db, audience: Audience, ids: readonly string[]) {
  if (!ids.length) return [];
  const { rows } = await sql<{ sweepstake_id: string; tickets: Count; entrants: Count }>`
    select e.sweepstake_id, sum(e.tickets) as tickets, count(distinct e.user_id) as entrants
    from sweepstake_entries e join users u on u.id = e.user_id
    where e.sweepstake_id in (${idList(ids)}) and e.refunded_at is null and ${supporterOf(audience)}
    group by e.sweepstake_id`.execute(db);
  return rows.map((r) => ({ sweepstakeId: r.sweepstake_id, tickets: n(r.tickets), entrants: n(r.entrants) }));
}
