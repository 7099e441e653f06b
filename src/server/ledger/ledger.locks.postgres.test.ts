import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUserId, type TestApp } from '../testing/test-app.ts';
import { award } from './ledger.ts';

// The ledger's one statement on PostgreSQL locks the supporter's row as an update of it would (`for no key update`).
// Rows that refer to the supporter (a vote, a claim, a badge) take a key-share lock on it when inserted; with
// `for update` two requests of one supporter that had each inserted such a row waited for each other: deadlock, a 500.

let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(() => t.close());

describe('the ledger under PostgreSQL locks', () => {
  it('lets two writes of one supporter through, each after a row of its own that refers to them', async () => {
    const userId = await newUserId(t, 'ledger-locks');
    let arrived = 0;
    let release = () => undefined as void;
    const bothReferred = new Promise<void>((resolve) => (release = resolve));
    const write = (n: number) => t.testDb.db.transaction().execute(async (trx) => {
      await trx.insertInto('milestones_earned').values({ user_id: userId, milestone: `locks-${n}`, earned_at: new Date().toISOString() }).execute();
      if ((arrived += 1) === 2) release();
      await bothReferred;
      return award(trx, { userId, amount: 5, kind: 'challenge', idempotencyKey: `locks:${n}` });
    });
    const written = await Promise.all([write(1), write(2)]);
    expect(written.map((w) => w.replayed)).toEqual([false, false]);
    expect(written.map((w) => w.entry.balance_after).sort((a, b) => a - b)).toEqual([5, 10]);
    const user = await t.testDb.db.selectFrom('users').select(['points', 'lifetime_points']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect([Number(user.points), Number(user.lifetime_points)]).toEqual([10, 10]);
  });
});
