import { randomUUID } from 'node:crypto';
import { award } from '../ledger/ledger.ts';
import { headers, signIn, type TestApp } from './test-app.ts';
import { createSweepstake, type NewSweepstake } from '../sweepstakes/sweepstake.service.ts';

// Helpers of the sweepstake API tests (both databases): supporters with a balance, sweepstakes made to measure.

const HOUR = 3_600_000;
let n = 0;

export async function newSupporter(t: TestApp, points = 0, name = 'supporter'): Promise<{ token: string; userId: string; email: string }> {
  n += 1;
  const email = `${name}-${n}-${randomUUID().slice(0, 8)}@example.com`;
  const { token } = await signIn(t, email);
  const { id } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  // An adult: without a birthday the under-18 rules apply (no entries).
  await t.testDb.db.updateTable('users').set({ birthday: '1990-05-17' }).where('id', '=', id).execute();
  if (points > 0) await award(t.testDb.db, { userId: id, amount: points, kind: 'challenge', idempotencyKey: `top-up:${randomUUID()}` });
  return { token, userId: id, email };
}

export async function organizationId(t: TestApp): Promise<string> {
  return (await t.testDb.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id;
}

/** A sweepstake live for the next day unless told otherwise (times in hours from now). */
export async function newSweepstake(t: TestApp, over: Partial<NewSweepstake> & { startsIn?: number; endsIn?: number } = {}) {
  n += 1;
  const { startsIn = -1, endsIn = 24, ...rest } = over;
  return createSweepstake(t.testDb.db, {
    organizationId: await organizationId(t), slug: `test-sweepstake-${n}`, title: `Test sweepstake ${n}`, description: 'A prize for testing.',
    prize: 'a test prize', prizeValue: 100, currency: 'GBP', sponsor: 'Test Sponsor', mediaId: null,
    costPerEntry: 30, maxEntriesPerSupporter: 5, winnerCount: 1,
    startsAt: new Date(Date.now() + startsIn * HOUR).toISOString(), endsAt: new Date(Date.now() + endsIn * HOUR).toISOString(),
    ...rest,
  });
}

/** Moves a sweepstake's end into the past: entries close. */
export async function endNow(t: TestApp, id: string): Promise<void> {
  await t.testDb.db.updateTable('sweepstakes').set({ ends_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
}

export function api(t: TestApp, path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return t.app.request(`/api${path}`, {
    method: init.method ?? 'GET',
    headers: headers(init.token, init.headers ?? {}),
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

export const enter = (t: TestApp, id: string, token: string, count: unknown, extra: Record<string, string> = {}) =>
  api(t, `/sweepstake/${id}/entry`, { method: 'POST', token, body: { count }, headers: extra });
export const enterFree = (t: TestApp, id: string, token: string, extra: Record<string, string> = {}) =>
  api(t, `/sweepstake/${id}/free-entry`, { method: 'POST', token, headers: extra });

export async function balances(t: TestApp, userId: string): Promise<{ points: number; lifetime: number }> {
  const row = await t.testDb.db.selectFrom('users').select(['points', 'lifetime_points']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { points: Number(row.points), lifetime: Number(row.lifetime_points) };
}
