import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { createApiKey } from '../operators/api-key.service.ts';
import { createSweepstake } from '../sweepstakes/sweepstake.service.ts';
import type { OperatorRole } from '../../shared/operator-roles.ts';

// A small club of its own for the reports' tests, in New York's time zone (UTC-5 in early March 2021), so
// a day boundary falls at 05:00 UTC. Two supporters, one operator and one address at an internal domain:
// the last two do what the supporters do and must count nowhere.

export const RANGE = { from: '2021-03-01', to: '2021-03-08' };
const TIME_ZONE = 'America/New_York';

export interface ReportClub { organizationId: string; key: (role: OperatorRole) => Promise<string> }

export async function buildReportClub(db: Db): Promise<ReportClub> {
  const demo = await db.selectFrom('organizations').selectAll().where('public_key', '=', 'pk_demo_terrace').executeTakeFirstOrThrow();
  const organizationId = randomUUID();
  await db.insertInto('organizations').values({ ...demo, id: organizationId, public_key: `pk_reports_${organizationId.slice(0, 8)}`, token: `reports-${organizationId}`, time_zone: TIME_ZONE }).execute();
  await db.insertInto('organization_settings').values({ organization_id: organizationId, key: 'internalDomains', value: 'club.test' }).execute();

  const user = async (name: string, email: string, createdAt: string, points: number) => {
    const id = randomUUID();
    await db.insertInto('users').values({
      id, organization_id: organizationId, email, username: null, first_name: name, last_name: null, phone_number: null, zip_code: null,
      birthday: null, birthday_set_at: null, properties: '{}', avatar_url: null, points, lifetime_points: points, blocked_at: null,
      blocked_reason: null, membership_chosen_at: null, welcomed_at: null, created_at: createdAt, updated_at: createdAt,
    }).execute();
    return id;
  };
  const ana = await user('Ana', 'ana@fans.test', '2021-03-01T15:00:00.000Z', 30);
  const ben = await user('Ben', 'ben@fans.test', '2021-03-02T05:30:00.000Z', 20);
  const staff = await user('Sam', 'sam@fans.test', '2021-03-01T15:00:00.000Z', 10);
  const internal = await user('Ida', 'ida@club.test', '2021-03-02T15:00:00.000Z', 10);
  await db.insertInto('operators').values({ id: randomUUID(), organization_id: organizationId, email: 'sam@fans.test', role: 'support', invited_by: null, created_at: '2021-01-01T00:00:00.000Z', updated_at: '2021-01-01T00:00:00.000Z' }).execute();

  let balance = 0;
  const entry = (userId: string, amount: number, kind: string, at: string) => {
    balance += amount;
    return { id: randomUUID(), user_id: userId, amount, kind, reference: null, idempotency_key: randomUUID(), balance_after: balance, lifetime_after: balance, created_at: at };
  };
  await db.insertInto('ledger_entries').values([
    entry(ana, 10, 'checkin', '2021-03-02T04:59:00.000Z'), // 1 March in New York
    entry(ana, 50, 'challenge', '2021-03-02T05:00:00.000Z'), // 2 March
    entry(ana, -30, 'sweepstake_entry', '2021-03-03T12:00:00.000Z'),
    entry(ben, 10, 'checkin', '2021-03-02T06:00:00.000Z'),
    entry(ben, 10, 'checkin', '2021-03-08T15:00:00.000Z'), // the next week
    entry(staff, 10, 'checkin', '2021-03-01T15:00:00.000Z'),
    entry(internal, 10, 'checkin', '2021-03-02T15:00:00.000Z'),
    entry(ana, 99, 'challenge', '2021-03-09T05:00:00.000Z'), // 9 March: after the range
  ]).execute();

  const challenge = async (subtype: 'poll' | 'pickem', visibleFrom: string, votes: Array<[string, number]>) => {
    const id = randomUUID();
    await db.insertInto('challenges').values({
      id, organization_id: organizationId, type: 'poll', subtype, title: `${subtype} of the week`, description: '', hint: null, value: 5,
      media_id: null, visible_from: visibleFrom, expires_on: '2021-03-05T12:00:00.000Z',
      options: JSON.stringify([{ label: 'Home' }, { label: 'Away' }]), answer: null, questions: '[]', game: null, created_at: '2021-03-01T12:00:00.000Z',
    }).execute();
    await db.insertInto('challenge_responses').values(votes.map(([userId, index]) => ({
      id: randomUUID(), user_id: userId, challenge_id: id, response_index: index, response_text: null, created_at: '2021-03-02T12:00:00.000Z',
    }))).execute();
    return id;
  };
  await challenge('poll', '2021-03-01T12:00:00.000Z', [[ana, 0], [ben, 0], [staff, 1], [internal, 1]]);
  const pickem = await challenge('pickem', '2021-03-01T13:00:00.000Z', [[ana, 1], [ben, 0], [staff, 1]]);
  await db.insertInto('pickem_outcomes').values({ challenge_id: pickem, outcome: 1, set_at: '2021-03-06T12:00:00.000Z' }).execute();

  const sweepstake = await createSweepstake(db, {
    organizationId, slug: 'reports-draw', title: 'Signed shirt', description: 'A shirt.', prize: 'a shirt', prizeValue: 100, currency: 'GBP',
    sponsor: 'Sponsor', mediaId: null, costPerEntry: 30, maxEntriesPerSupporter: 5, winnerCount: 1,
    startsAt: '2021-03-02T12:00:00.000Z', endsAt: '2021-03-20T12:00:00.000Z',
  }, new Date('2021-03-01T12:00:00.000Z'));
  const ticket = (userId: string, tickets: number, refundedAt: string | null = null) => ({
    id: randomUUID(), sweepstake_id: sweepstake.id, user_id: userId, holder: randomUUID(), tickets, points_spent: tickets * 30,
    request_key: randomUUID(), ledger_key: null, refunded_at: refundedAt, created_at: '2021-03-03T12:00:00.000Z',
  });
  await db.insertInto('sweepstake_entries').values([ticket(ana, 2), ticket(ben, 1, '2021-03-04T00:00:00.000Z'), ticket(staff, 3)]).execute();

  const key = async (role: OperatorRole) => (await createApiKey(db, {
    actor: { type: 'cli', id: 'cli', label: 'npm run operator', role: 'owner', organizationId },
  }, { name: `reports ${role}`, role })).key;
  return { organizationId, key };
}
