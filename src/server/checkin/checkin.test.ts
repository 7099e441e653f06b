import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readApiProblem } from '../../lib/api/errors.ts';
import { createApiClient } from '../../lib/api/client.ts';
import { award } from '../ledger/ledger.ts';
import { createTestApp, headers, signIn, TEST_SECRET as SECRET, type TestApp } from '../testing/test-app.ts';
import { dateInTimeZone } from '../users/age.ts';
import { checkIn, getCheckinState, refusedWhenRaceLost, shiftDay } from './checkin.service.ts';

const ALREADY_CHECKED_IN = 'You have already checked in today. Come back tomorrow.';

let t: TestApp;
let organizationId: string;
let timeZone: string;
beforeAll(async () => {
  t = await createTestApp();
  const org = await t.testDb.db.selectFrom('organizations').select(['id', 'time_zone']).executeTakeFirstOrThrow();
  organizationId = org.id;
  timeZone = org.time_zone;
});
afterAll(() => t.close());

const get = (token: string) => t.app.request('/api/checkin', { headers: headers(token) });
const post = (token: string, extra: Record<string, string> = {}) => t.app.request('/api/checkin', { method: 'POST', headers: { ...headers(token), ...extra } });
const today = () => dateInTimeZone(new Date(), timeZone);

async function newUser(name: string): Promise<{ token: string; userId: string }> {
  const email = `${name}@example.com`;
  const { token } = await signIn(t, email);
  const { id } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token, userId: id };
}

/** Earlier check-ins, written the way a check-in writes them. */
async function checkedInOn(userId: string, days: string[]): Promise<void> {
  for (const day of days) {
    await award(t.testDb.db, { userId, amount: 10, kind: 'checkin', reference: day, idempotencyKey: `checkin:${day}` });
  }
}

const balance = (userId: string) => t.testDb.db.selectFrom('users').select(['points', 'lifetime_points'])
  .where('id', '=', userId).executeTakeFirstOrThrow()
  .then((u) => ({ points: Number(u.points), lifetime: Number(u.lifetime_points) }));
const checkinRows = (userId: string) => t.testDb.db.selectFrom('ledger_entries').select(['amount', 'reference', 'idempotency_key'])
  .where('user_id', '=', userId).where('kind', '=', 'checkin').orderBy('idempotency_key').execute();

/** The service on its own, at a chosen moment, in a transaction as the route runs it. */
const checkInAt = (userId: string, iso: string) => t.testDb.db.transaction()
  .execute((trx) => checkIn(trx, { organizationId, userId }, { secret: SECRET, now: new Date(iso) })).catch(refusedWhenRaceLost);
const stateAt = async (userId: string, iso: string) => {
  const { ticket: _ticket, pointsToday: _points, ...state } = await getCheckinState(t.testDb.db, { organizationId, userId }, SECRET, new Date(iso));
  return state;
};

describe(`daily check-in (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('needs a signed-in user', async () => {
    expect((await get('pk_demo_terrace')).status).toBe(401);
    const res = await post('pk_demo_terrace');
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });

  it('awards checkinPoints on the first check-in, and refuses a second the same day with 422 already_checked_in (not a retryable 409), awarding nothing', async () => {
    const { token, userId } = await newUser('checkin-first');
    expect(await (await get(token)).json()).toEqual({ data: { days: 0, eligibleForCheckin: true, pointsToday: expect.any(Number), ticket: expect.any(String) } });

    const first = await post(token);
    expect(first.status).toBe(200);
    // The answer carries the new balances and rank: the client needs no second request to show them.
    expect(await first.json()).toEqual({
      data: {
        days: 1, eligibleForCheckin: false, pointsToday: expect.any(Number), ticket: expect.any(String), points: 10,
        standing: {
          points: 10, lifetimePoints: 10, rank: { name: 'P10', title: 'Debut', perk: 'Check in every day to start the climb.' },
          nextRank: { name: 'P9', title: 'Regular', perk: 'Stories made for P9 supporters.', pointsRequired: 100 },
          rankProgress: { percent: 10, pointsToNext: 90 },
          // The first check-in earns its badge, said as this answer's moment.
          moments: [{ kind: 'badge', picture: '/images/badges/first-checkin.svg', badge: { id: 'first-checkin', name: 'First check-in' } }],
        },
      },
    });
    expect(await balance(userId)).toEqual({ points: 10, lifetime: 10 });
    expect(await checkinRows(userId)).toEqual([{ amount: 10, reference: today(), idempotency_key: `checkin:${today()}` }]);
    expect(await (await get(token)).json()).toEqual({ data: { days: 1, eligibleForCheckin: false, pointsToday: expect.any(Number), ticket: expect.any(String) } });

    const second = await post(token);
    expect(second.status).toBe(422);
    const { error } = await second.json();
    expect(error).toMatchObject({ code: 'already_checked_in', message: ALREADY_CHECKED_IN });
    expect(error.message).toBe('You have already checked in today. Come back tomorrow.');
    expect(error.requestId).toBe(second.headers.get('x-request-id'));
    expect(await balance(userId)).toEqual({ points: 10, lifetime: 10 });
    expect(await checkinRows(userId)).toHaveLength(1);
  });

  it('continues a streak that ended yesterday', async () => {
    const { token, userId } = await newUser('checkin-streak');
    await checkedInOn(userId, [shiftDay(today(), -2), shiftDay(today(), -1)]);
    expect((await (await get(token)).json()).data).toEqual({ days: 2, eligibleForCheckin: true, pointsToday: expect.any(Number), ticket: expect.any(String) });

    const res = await post(token);
    expect((await res.json()).data).toMatchObject({ days: 3, eligibleForCheckin: false, points: 10 });
    expect(await balance(userId)).toEqual({ points: 30, lifetime: 30 });
  });

  it('answers the standing from the ledger row it wrote, across a rank threshold, with the new rank as its moment (in Spanish when asked)', async () => {
    const { token, userId } = await newUser('checkin-level-up');
    await award(t.testDb.db, { userId, amount: 95, kind: 'test', reference: null, idempotencyKey: 'test:95' });
    const { data } = await (await post(token, { 'Accept-Language': 'es' })).json();
    const p9 = { name: 'P9', title: 'Habitual', perk: 'Historias hechas para la afición P9.' };
    const p8 = { name: 'P8', title: 'Voz de la grada', perk: 'Historias desde el vestuario.', pointsRequired: 250 };
    expect(data.standing).toEqual({
      points: 105, lifetimePoints: 105, rank: p9, nextRank: p8, rankProgress: { percent: 3, pointsToNext: 145 },
      // The rank reached, with the club's crest, then the first check-in's badge (a first day is no streak milestone).
      moments: [
        { kind: 'levelUp', picture: '/brand/terrace-fc/crest.svg', rank: p9, nextRank: p8 },
        { kind: 'badge', picture: '/images/badges/first-checkin.svg', badge: { id: 'first-checkin', name: 'Primera visita' } },
      ],
    });
    expect(await balance(userId)).toEqual({ points: 105, lifetime: 105 });
  });

  it('resets a broken streak: a missed day means 0, and the next check-in starts again at 1', async () => {
    const { token, userId } = await newUser('checkin-broken');
    await checkedInOn(userId, [shiftDay(today(), -4), shiftDay(today(), -3), shiftDay(today(), -2)]);
    expect((await (await get(token)).json()).data).toEqual({ days: 0, eligibleForCheckin: true, pointsToday: expect.any(Number), ticket: expect.any(String) });
    expect((await (await post(token)).json()).data).toMatchObject({ days: 1, eligibleForCheckin: false, points: 10 });
  });

  it('adds checkinStreakBonus on every 7th consecutive day', async () => {
    const { token, userId } = await newUser('checkin-bonus');
    await checkedInOn(userId, Array.from({ length: 6 }, (_, i) => shiftDay(today(), i - 6)));
    // The card says beforehand what today's check-in is worth.
    expect((await (await get(token)).json()).data.pointsToday).toBe(15);
    expect((await (await post(token)).json()).data).toMatchObject({ days: 7, eligibleForCheckin: false, points: 15 });
    expect((await checkinRows(userId)).at(-1)).toMatchObject({ amount: 15, reference: today() });
  });

  it('counts a streak longer than one page of reads', async () => {
    const { token, userId } = await newUser('checkin-long');
    await checkedInOn(userId, Array.from({ length: 40 }, (_, i) => shiftDay(today(), i - 40)));
    // Day 41 is not a multiple of 7: no bonus.
    expect((await (await post(token)).json()).data).toMatchObject({ days: 41, eligibleForCheckin: false, points: 10 });
    expect((await (await get(token)).json()).data).toEqual({ days: 41, eligibleForCheckin: false, pointsToday: expect.any(Number), ticket: expect.any(String) });
  });

  it('counts a season-long streak over pages of growing size, and stops at its first gap', async () => {
    const { token, userId } = await newUser('checkin-season');
    // 170 days up to yesterday (reads of 32, then 128, then more), a missed day, then 29 older ones.
    await checkedInOn(userId, Array.from({ length: 200 }, (_, i) => shiftDay(today(), i - 200)).filter((day) => day !== shiftDay(today(), -171)));
    expect((await (await get(token)).json()).data).toEqual({ days: 170, eligibleForCheckin: true, pointsToday: expect.any(Number), ticket: expect.any(String) });
  });

  it("follows the organization's time zone across days, and a skipped day breaks the streak", async () => {
    expect(timeZone).toBe('Europe/London');
    const { userId } = await newUser('checkin-clock');
    // 23:30 in London (BST) on 30 June, then 00:30 on 1 July: one hour apart, two local days.
    expect(await checkInAt(userId, '2026-06-30T22:30:00Z')).toMatchObject({ days: 1, eligibleForCheckin: false, points: 10 });
    await expect(checkInAt(userId, '2026-06-30T22:59:00Z')).rejects.toMatchObject({ code: 'already_checked_in', message: ALREADY_CHECKED_IN });
    expect(await stateAt(userId, '2026-06-30T23:30:00Z')).toEqual({ days: 1, eligibleForCheckin: true });
    expect(await checkInAt(userId, '2026-06-30T23:30:00Z')).toMatchObject({ days: 2 });
    expect(await stateAt(userId, '2026-07-02T12:00:00Z')).toEqual({ days: 2, eligibleForCheckin: true });
    // 3 July skipped: on the 4th the streak is gone.
    expect(await stateAt(userId, '2026-07-04T08:00:00Z')).toEqual({ days: 0, eligibleForCheckin: true });
    expect(await checkInAt(userId, '2026-07-04T08:00:00Z')).toMatchObject({ days: 1, points: 10 });
    expect((await checkinRows(userId)).map((r) => r.reference)).toEqual(['2026-06-30', '2026-07-01', '2026-07-04']);
    expect(await balance(userId)).toEqual({ points: 30, lifetime: 30 });
  });

  it("takes the points from the organization's settings", async () => {
    const { userId } = await newUser('checkin-settings');
    const setting = (key: string, value: string) => t.testDb.db.updateTable('organization_settings').set({ value })
      .where('organization_id', '=', organizationId).where('key', '=', key).execute();
    await setting('checkinPoints', '25');
    await setting('checkinStreakBonus', '0');
    try {
      await checkedInOn(userId, Array.from({ length: 6 }, (_, i) => `2026-03-0${i + 1}`));
      expect(await checkInAt(userId, '2026-03-07T12:00:00Z')).toMatchObject({ days: 7, eligibleForCheckin: false, points: 25 });
    } finally {
      await setting('checkinPoints', '10');
      await setting('checkinStreakBonus', '5');
    }
  });

  it('lets exactly one of 50 concurrent identical check-ins through', async () => {
    const { token, userId } = await newUser('checkin-race');
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(token)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(49);
    for (const res of answers.filter((r) => r.status === 422)) {
      expect((await res.json()).error).toMatchObject({ code: 'already_checked_in', message: ALREADY_CHECKED_IN });
    }
    expect(await balance(userId)).toEqual({ points: 10, lifetime: 10 });
    expect(await checkinRows(userId)).toHaveLength(1);
    expect((await (await get(token)).json()).data).toEqual({ days: 1, eligibleForCheckin: false, pointsToday: expect.any(Number), ticket: expect.any(String) });
  });

  it('a refused check-in reaches the server once through the real API client, answering 422 already_checked_in', async () => {
    const { token, userId } = await newUser('checkin-client');
    const sent: string[] = [];
    const api = createApiClient({
      prefix: 'http://in-process/api', organizationKey: 'pk_demo_terrace', sessionToken: token, retryDelay: 0,
      logger: { error: vi.fn(), warn: vi.fn() },
      fetch: async (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        sent.push(`${request.method} ${new URL(request.url).pathname}`);
        request.headers.set('x-client-ip', '203.0.113.7');
        return t.app.fetch(request);
      },
    });
    expect((await api.http.post('checkin').json<{ data: { points: number } }>()).data.points).toBe(10);
    expect(sent).toEqual(['POST /api/checkin']);
    const refusal = await api.http.post('checkin').json().catch((error: unknown) => error);
    const problem = await readApiProblem(refusal);
    expect(problem).toMatchObject({ status: 422, code: 'already_checked_in', message: ALREADY_CHECKED_IN });
    // Sent once: a refusal is not retried (the client retries 409 once, spec section 7).
    expect(sent).toEqual(['POST /api/checkin', 'POST /api/checkin']);
    expect(await balance(userId)).toEqual({ points: 10, lifetime: 10 });
  });

  it('is in the OpenAPI document', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths['/checkin'])).toEqual(['get', 'post']);
    expect(doc.paths['/checkin'].post.responses).toHaveProperty('422');
    expect(doc.paths['/checkin'].post.responses).not.toHaveProperty('409');
    // The spec's two fields, and the ticket a phone with no signal keeps (issue 26).
    expect(doc.components.schemas.Checkin.required).toEqual(['days', 'eligibleForCheckin', 'pointsToday', 'ticket']);
  });
});

describe('a check-in ticket (kept on a phone with no signal, sent later)', () => {
  const withTicket = (token: string, ticket: unknown) => t.app.request('/api/checkin', {
    method: 'POST', headers: headers(token), body: JSON.stringify({ ticket }),
  });
  const ticketOf = async (token: string) => (await (await get(token)).json()).data.ticket as string;
  const problem = async (response: Response) => ({ status: response.status, code: (await response.json()).error.code });

  it('checks in for its day once: sent twice, the second is refused and credits nothing', async () => {
    const { token, userId } = await newUser('ticket-once');
    const ticket = await ticketOf(token);
    expect(ticket.startsWith(`${today()}.`)).toBe(true);
    const first = await withTicket(token, ticket);
    expect(first.status).toBe(200);
    expect(await problem(await withTicket(token, ticket))).toEqual({ status: 422, code: 'already_checked_in' });
    expect(await checkinRows(userId)).toEqual([{ amount: 10, reference: today(), idempotency_key: `checkin:${today()}` }]);
  });

  it('counts yesterday’s ticket for yesterday, and leaves today’s check-in to do', async () => {
    const { token, userId } = await newUser('ticket-yesterday');
    const yesterday = shiftDay(today(), -1);
    const ticket = (await getCheckinState(t.testDb.db, { organizationId, userId }, SECRET, new Date(Date.now() - 86_400_000))).ticket;
    expect(ticket.startsWith(`${yesterday}.`)).toBe(true);
    const sent = await withTicket(token, ticket);
    expect(sent.status).toBe(200);
    expect((await sent.json()).data).toMatchObject({ days: 1, eligibleForCheckin: true });
    expect((await checkinRows(userId)).map((r) => r.reference)).toEqual([yesterday]);
    expect((await post(token)).status).toBe(200);
    expect((await checkinRows(userId)).map((r) => r.reference)).toEqual([yesterday, today()]);
  });

  it('refuses a forged ticket, another supporter’s, one moved to another day, and one too old, crediting nothing', async () => {
    const { token, userId } = await newUser('ticket-refused');
    const other = await newUser('ticket-other');
    const mine = await ticketOf(token);
    const [, signed] = mine.split('.');
    const old = (await getCheckinState(t.testDb.db, { organizationId, userId }, SECRET, new Date(Date.now() - 2 * 86_400_000))).ticket;
    expect(await problem(await withTicket(token, `${today()}.${'A'.repeat(43)}`))).toEqual({ status: 422, code: 'invalid_ticket' });
    expect(await problem(await withTicket(token, await ticketOf(other.token)))).toEqual({ status: 422, code: 'invalid_ticket' });
    expect(await problem(await withTicket(token, `${shiftDay(today(), -1)}.${signed}`))).toEqual({ status: 422, code: 'invalid_ticket' });
    expect(await problem(await withTicket(token, 'not a ticket'))).toEqual({ status: 422, code: 'invalid_ticket' });
    expect(await problem(await withTicket(token, old))).toEqual({ status: 422, code: 'ticket_expired' });
    expect(await problem(await withTicket(token, 42))).toEqual({ status: 422, code: 'validation_failed' });
    expect(await checkinRows(userId)).toEqual([]);
  });
});
