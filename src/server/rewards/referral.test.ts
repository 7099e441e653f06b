import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { award } from '../ledger/ledger.ts';
import { createTestApp, headers, requestCode, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userIdOf = async (email: string) =>
  (await t.testDb.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow()).id;

async function referrer(name: string) {
  const email = `${name}@example.com`;
  const { token } = await signIn(t, email);
  const res = await t.app.request('/api/rewards/referral', { headers: headers(token) });
  expect(res.status).toBe(200);
  const { data } = await res.json();
  return { token, userId: await userIdOf(email), code: data.code as string, summary: data };
}

/** Signs in through the e-mail flow, passing a referral code as the verify step does. */
async function signInWithCode(email: string, referralCode: string) {
  const code = await requestCode(t, email);
  const res = await t.app.request('/api/session/email/verify', {
    method: 'POST', headers: headers(), body: JSON.stringify({ email, code, referralCode }),
  });
  expect(res.status).toBe(200);
  return { ...(await res.json()).data as { token: string; isNewUser: boolean }, userId: await userIdOf(email) };
}

const referredBy = async (userId: string) =>
  (await t.testDb.db.selectFrom('user_rewards').select('referred_by').where('user_id', '=', userId).executeTakeFirst())?.referred_by ?? null;
const referralRows = (userId: string) => t.testDb.db.selectFrom('ledger_entries').select(['amount', 'reference', 'idempotency_key'])
  .where('user_id', '=', userId).where('kind', '=', 'referral').execute();
const patch = (token: string, body: Record<string, unknown>) =>
  t.app.request('/api/user/me', { method: 'PATCH', headers: headers(token), body: JSON.stringify(body) });
const post = (path: string, token: string, body?: unknown) =>
  t.app.request(path, { method: 'POST', headers: headers(token), ...(body ? { body: JSON.stringify(body) } : {}) });

/** Moves all of a user's ledger entries `days` back, as if earned then. */
const backdate = (userId: string, days: number) => t.testDb.db.updateTable('ledger_entries')
  .set({ created_at: new Date(Date.now() - days * 86_400_000).toISOString() }).where('user_id', '=', userId).execute();

let earned = 0;
/** Earns points through the ledger on two different days (yesterday, then today). */
async function earnOnTwoDays(userId: string) {
  await award(t.testDb.db, { userId, amount: 10, kind: 'checkin', reference: 'a', idempotencyKey: `test:${(earned += 1)}` });
  await backdate(userId, 1);
  await award(t.testDb.db, { userId, amount: 10, kind: 'checkin', reference: 'b', idempotencyKey: `test:${(earned += 1)}` });
}

describe(`referrals (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('gives each user one short code, made on first need, and a /login?ref= link', async () => {
    const a = await referrer('ref-code-a');
    const b = await referrer('ref-code-b');
    expect(a.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(a.code).not.toBe(b.code);
    expect(a.summary).toEqual({ code: a.code, link: `http://terrace.test/login?ref=${a.code}`, referredCount: 0, rewardedCount: 0, referralPoints: 100 });
    const again = await (await t.app.request('/api/rewards/referral', { headers: headers(a.token) })).json();
    expect(again.data.code).toBe(a.code);
    expect((await t.app.request('/api/rewards/referral', { headers: headers() })).status).toBe(401);
  });

  it('ties a new user to the referrer (codes are case-insensitive); unknown codes are ignored', async () => {
    const a = await referrer('ref-tie-a');
    const friend = await signInWithCode('ref-tie-friend@example.com', a.code.toLowerCase());
    expect(friend.isNewUser).toBe(true);
    expect(await referredBy(friend.userId)).toBe(a.userId);
    const stranger = await signInWithCode('ref-tie-stranger@example.com', 'NOSUCHCODE');
    expect(stranger.isNewUser).toBe(true);
    expect(await referredBy(stranger.userId)).toBeNull();
    const junk = await signInWithCode('ref-tie-junk@example.com', '<script>');
    expect(await referredBy(junk.userId)).toBeNull();
  });

  it('never ties an existing user, nor a user to their own code', async () => {
    const a = await referrer('ref-self-a');
    const self = await signInWithCode('ref-self-a@example.com', a.code);
    expect(self.isNewUser).toBe(false);
    expect(await referredBy(a.userId)).toBeNull();
    const b = await referrer('ref-self-b');
    const existing = await signInWithCode('ref-self-b@example.com', a.code);
    expect(existing.isNewUser).toBe(false);
    expect(await referredBy(b.userId)).toBeNull();
    // Earning by the owner of the code pays no referral.
    await earnOnTwoDays(a.userId);
    expect(await referralRows(a.userId)).toEqual([]);
  });

  it('pays the referrer once the friend is active (earning on two different days), not for a completed profile, and only once', async () => {
    const a = await referrer('ref-award-a');
    const friend = await signInWithCode('ref-award-friend@example.com', a.code);
    expect((await patch(friend.token, { firstName: 'Bea', lastName: 'Costa', birthday: '1995-03-02' })).status).toBe(201);
    expect(await referralRows(a.userId)).toEqual([]);
    // Day one: a check-in, and a poll vote the same day: one day only.
    expect((await post('/api/checkin', friend.token)).status).toBe(200);
    const poll = (await t.testDb.db.selectFrom('challenges').select('id').where('subtype', '=', 'poll')
      .where('title', '=', 'Player of the Month: October').executeTakeFirstOrThrow()).id;
    expect((await post(`/api/challenge/${poll}`, friend.token, { poll: { responseIndex: 0 } })).status).toBe(200);
    expect(await referralRows(a.userId)).toEqual([]);
    // Move day one back a day: the next award is on a second day, and pays the referrer.
    await backdate(friend.userId, 1);
    const keyword = (await t.testDb.db.selectFrom('challenges').select('id').where('subtype', '=', 'keyword').executeTakeFirstOrThrow()).id;
    await Promise.all([
      post(`/api/challenge/${keyword}`, friend.token, { input: { response: 'Lamplighter' } }),
      award(t.testDb.db, { userId: friend.userId, amount: 5, kind: 'challenge', reference: 'x', idempotencyKey: 'test:second-day' }),
    ]);
    expect(await referralRows(a.userId)).toEqual([{ amount: 100, reference: friend.userId, idempotency_key: `referral:${friend.userId}` }]);
    await award(t.testDb.db, { userId: friend.userId, amount: 5, kind: 'challenge', reference: 'y', idempotencyKey: 'test:later' });
    expect(await referralRows(a.userId)).toHaveLength(1);
    const me = (await (await t.app.request('/api/user/me', { headers: headers(a.token) })).json()).data;
    expect(me.points).toBe(100);
    const summary = (await (await t.app.request('/api/rewards/referral', { headers: headers(a.token) })).json()).data;
    expect(summary).toMatchObject({ referredCount: 1, rewardedCount: 1 });
    // The friend earns nothing for it.
    expect(await referralRows(friend.userId)).toEqual([]);
  });

  it('does not count bonuses the friend was given (birthday, referrals) as activity', async () => {
    const a = await referrer('ref-passive-a');
    const friend = await signInWithCode('ref-passive-friend@example.com', a.code);
    await award(t.testDb.db, { userId: friend.userId, amount: 50, kind: 'birthday_bonus', reference: '2026', idempotencyKey: 'birthday:2026' });
    await backdate(friend.userId, 3);
    await award(t.testDb.db, { userId: friend.userId, amount: 10, kind: 'checkin', reference: 'd', idempotencyKey: 'checkin:test' });
    expect(await referralRows(a.userId)).toEqual([]);
  });

  it('ignores self-referral through aliases of one mailbox (+tag, Gmail dots, googlemail.com): no 300 points from three aliases', async () => {
    const a = await referrer('ref.farmer');
    for (const alias of ['ref.farmer+1@example.com', 'ref.farmer+2@example.com', 'REF.FARMER+3@example.com']) {
      const friend = await signInWithCode(alias, a.code);
      expect(friend.isNewUser).toBe(true);
      expect(await referredBy(friend.userId)).toBeNull();
      await earnOnTwoDays(friend.userId);
    }
    expect(await referralRows(a.userId)).toEqual([]);

    const g = await signIn(t, 'ana.gomes@gmail.com');
    const code = (await (await t.app.request('/api/rewards/referral', { headers: headers(g.token) })).json()).data.code;
    const alias = await signInWithCode('a.n.a.gomes+x@googlemail.com', code);
    expect(await referredBy(alias.userId)).toBeNull();
    // Tied before this rule (an old row): still never paid.
    const gId = await userIdOf('ana.gomes@gmail.com');
    await t.testDb.db.updateTable('user_rewards').set({ referred_by: gId }).where('user_id', '=', alias.userId).execute();
    await earnOnTwoDays(alias.userId);
    expect(await referralRows(gId)).toEqual([]);
  });

  it('caps referral awards per calendar month (referralMonthlyCap); a held-back one pays in a month with room', async () => {
    const { id: organizationId } = await t.testDb.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    const cap = (value: string) => t.testDb.db.updateTable('organization_settings').set({ value })
      .where('organization_id', '=', organizationId).where('key', '=', 'referralMonthlyCap').execute();
    expect((await t.testDb.db.selectFrom('organization_settings').select('value')
      .where('organization_id', '=', organizationId).where('key', '=', 'referralMonthlyCap').executeTakeFirstOrThrow()).value).toBe('10');
    await cap('2');
    try {
      const a = await referrer('ref-cap-a');
      const friends = [];
      for (const n of [1, 2, 3]) friends.push(await signInWithCode(`ref-cap-${n}@example.com`, a.code));
      // Day one for each, then all three turn active at the same moment: two fit under the cap.
      for (const f of friends) {
        await award(t.testDb.db, { userId: f.userId, amount: 10, kind: 'checkin', reference: 'a', idempotencyKey: 'test:day-one' });
        await backdate(f.userId, 1);
      }
      await Promise.all(friends.map((f) => award(t.testDb.db, { userId: f.userId, amount: 10, kind: 'checkin', reference: 'b', idempotencyKey: 'test:day-two' })));
      expect(await referralRows(a.userId)).toHaveLength(2);
      // Next month: the earlier awards were last month, and the held-back friend's next award pays.
      await t.testDb.db.updateTable('ledger_entries').set({ created_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
        .where('user_id', '=', a.userId).where('kind', '=', 'referral').execute();
      const paid = (await referralRows(a.userId)).map((r) => r.reference);
      const heldBack = friends.find((f) => !paid.includes(f.userId))!;
      await award(t.testDb.db, { userId: heldBack.userId, amount: 5, kind: 'challenge', reference: 'z', idempotencyKey: 'test:next-month' });
      expect((await referralRows(a.userId)).map((r) => r.reference).sort()).toEqual(friends.map((f) => f.userId).sort());
    } finally {
      await cap('10');
    }
  });

  it('counts each friend, and awards per friend', async () => {
    const a = await referrer('ref-many-a');
    const one = await signInWithCode('ref-many-1@example.com', a.code);
    await signInWithCode('ref-many-2@example.com', a.code);
    await earnOnTwoDays(one.userId);
    const summary = (await (await t.app.request('/api/rewards/referral', { headers: headers(a.token) })).json()).data;
    expect(summary).toMatchObject({ referredCount: 2, rewardedCount: 1 });
  });
});
