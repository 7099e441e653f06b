import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUserId, type TestApp } from '../testing/test-app.ts';
import { award, InsufficientPointsError, spend } from './ledger.ts';

let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(() => t.close());

const newUser = (name: string) => newUserId(t, name);

const balances = (userId: string) =>
  t.testDb.db.selectFrom('users').select(['points', 'lifetime_points']).where('id', '=', userId).executeTakeFirstOrThrow()
    .then((u) => ({ points: Number(u.points), lifetime: Number(u.lifetime_points) }));

describe(`the ledger (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('awards once per idempotency key and replays the first result', async () => {
    const userId = await newUser('ledger-award');
    const first = await award(t.testDb.db, { userId, amount: 10, kind: 'checkin', idempotencyKey: 'checkin:2026-11-22' });
    const again = await award(t.testDb.db, { userId, amount: 10, kind: 'checkin', idempotencyKey: 'checkin:2026-11-22' });
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ entry: first.entry, replayed: true });
    expect(await balances(userId)).toEqual({ points: 10, lifetime: 10 });
  });

  it('spends without touching the lifetime total, and never below zero', async () => {
    const userId = await newUser('ledger-spend');
    await award(t.testDb.db, { userId, amount: 30, kind: 'challenge', idempotencyKey: 'challenge:c1' });
    const spent = await spend(t.testDb.db, { userId, amount: 20, kind: 'sweepstake_entry', idempotencyKey: 'entry:1' });
    expect(spent.entry).toMatchObject({ amount: -20, balance_after: 10, lifetime_after: 30 });
    await expect(spend(t.testDb.db, { userId, amount: 11, kind: 'sweepstake_entry', idempotencyKey: 'entry:2' }))
      .rejects.toBeInstanceOf(InsufficientPointsError);
    expect(await balances(userId)).toEqual({ points: 10, lifetime: 30 });
  });

  it('gives 50 concurrent identical awards one effect, and 50 concurrent spends never a negative balance', async () => {
    const userId = await newUser('ledger-race');
    const awards = await Promise.all(Array.from({ length: 50 }, () =>
      award(t.testDb.db, { userId, amount: 25, kind: 'checkin', idempotencyKey: 'checkin:race' })));
    expect(awards.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await balances(userId)).toEqual({ points: 25, lifetime: 25 });

    const spends = await Promise.allSettled(Array.from({ length: 50 }, (_, i) =>
      spend(t.testDb.db, { userId, amount: 2, kind: 'sweepstake_entry', idempotencyKey: `entry:race:${i}` })));
    expect(spends.filter((s) => s.status === 'fulfilled')).toHaveLength(12);
    expect(spends.filter((s) => s.status === 'rejected').every((s) => (s as PromiseRejectedResult).reason instanceof InsufficientPointsError)).toBe(true);
    expect(await balances(userId)).toEqual({ points: 1, lifetime: 25 });
  });
});
