import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUserId, type TestApp } from '../testing/test-app.ts';
import { award, InsufficientPointsError, reverse, spend } from './ledger.ts';

// `reverse` takes back exactly one earlier award (a quiz answer changed from right to wrong).

let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(() => t.close());

const newUser = (name: string) => newUserId(t, name);

async function state(userId: string) {
  const u = await t.testDb.db.selectFrom('users').select(['points', 'lifetime_points']).where('id', '=', userId).executeTakeFirstOrThrow();
  const rows = await t.testDb.db.selectFrom('ledger_entries').select('amount').where('user_id', '=', userId).execute();
  return { points: Number(u.points), lifetime: Number(u.lifetime_points), ledgerSum: rows.reduce((s, r) => s + Number(r.amount), 0) };
}

describe(`ledger reversals (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('takes back exactly the award, from both balances, once per key, with its kind and reference', async () => {
    const userId = await newUser('reverse-once');
    await award(t.testDb.db, { userId, amount: 40, kind: 'checkin', idempotencyKey: 'checkin:2026-11-22' });
    await award(t.testDb.db, { userId, amount: 10, kind: 'challenge', reference: 'quiz-1', idempotencyKey: 'q:1' });
    const back = await reverse(t.testDb.db, { userId, awardKey: 'q:1', idempotencyKey: 'q:2' });
    expect(back.replayed).toBe(false);
    expect(back.entry).toMatchObject({ amount: -10, kind: 'challenge', reference: 'quiz-1', balance_after: 40, lifetime_after: 40 });
    const again = await reverse(t.testDb.db, { userId, awardKey: 'q:1', idempotencyKey: 'q:2' });
    expect(again).toEqual({ entry: back.entry, replayed: true });
    expect(await state(userId)).toEqual({ points: 40, lifetime: 40, ledgerSum: 40 });
  });

  it('refuses to take back points that were spent since, and changes nothing', async () => {
    const userId = await newUser('reverse-spent');
    await award(t.testDb.db, { userId, amount: 10, kind: 'challenge', reference: 'quiz-2', idempotencyKey: 'q:1' });
    await spend(t.testDb.db, { userId, amount: 5, kind: 'sweepstake_entry', idempotencyKey: 'entry:1' });
    await expect(reverse(t.testDb.db, { userId, awardKey: 'q:1', idempotencyKey: 'q:2' })).rejects.toBeInstanceOf(InsufficientPointsError);
    expect(await state(userId)).toEqual({ points: 5, lifetime: 10, ledgerSum: 5 });
  });

  it('takes back only an award that exists', async () => {
    const userId = await newUser('reverse-missing');
    await expect(reverse(t.testDb.db, { userId, awardKey: 'q:404', idempotencyKey: 'q:405' })).rejects.toThrow('No award');
    // A spend is not an award: there is nothing of it to take back.
    await award(t.testDb.db, { userId, amount: 5, kind: 'checkin', idempotencyKey: 'checkin:2026-11-23' });
    await spend(t.testDb.db, { userId, amount: 1, kind: 'sweepstake_entry', idempotencyKey: 'entry:1' });
    await expect(reverse(t.testDb.db, { userId, awardKey: 'entry:1', idempotencyKey: 'q:406' })).rejects.toThrow('No award');
    expect(await state(userId)).toEqual({ points: 4, lifetime: 5, ledgerSum: 4 });
  });
});
