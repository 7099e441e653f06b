import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, requestCode, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userIdOf = async (email: string) =>
  (await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

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
    // A profile completed by the owner of the code earns nothing.
    await patch(a.token, { firstName: 'Ana', lastName: 'Silva', birthday: '1990-05-17' });
    expect(await referralRows(a.userId)).toEqual([]);
  });

  it('awards referralPoints to the referrer once, when the new user completes the profile, not before, not twice', async () => {
    const a = await referrer('ref-award-a');
    const friend = await signInWithCode('ref-award-friend@example.com', a.code);
    expect((await patch(friend.token, { firstName: 'Bea' })).status).toBe(201);
    expect((await patch(friend.token, { lastName: 'Costa' })).status).toBe(201);
    expect(await referralRows(a.userId)).toEqual([]);
    expect((await patch(friend.token, { birthday: '1995-03-02' })).status).toBe(201);
    expect(await referralRows(a.userId)).toEqual([{ amount: 100, reference: friend.userId, idempotency_key: `referral:${friend.userId}` }]);
    expect((await patch(friend.token, { firstName: 'Beatriz' })).status).toBe(201);
    await Promise.all([patch(friend.token, { zipCode: '1000' }), patch(friend.token, { lastName: 'Costa' })]);
    expect(await referralRows(a.userId)).toHaveLength(1);
    const me = (await (await t.app.request('/api/user/me', { headers: headers(a.token) })).json()).data;
    expect(me.points).toBe(100);
    const summary = (await (await t.app.request('/api/rewards/referral', { headers: headers(a.token) })).json()).data;
    expect(summary).toMatchObject({ referredCount: 1, rewardedCount: 1 });
    // The friend earns nothing for it.
    expect(await referralRows(friend.userId)).toEqual([]);
  });

  it('counts each friend, and awards per friend', async () => {
    const a = await referrer('ref-many-a');
    const one = await signInWithCode('ref-many-1@example.com', a.code);
    await signInWithCode('ref-many-2@example.com', a.code);
    await patch(one.token, { firstName: 'Cai', lastName: 'Reis', birthday: '1992-11-11' });
    const summary = (await (await t.app.request('/api/rewards/referral', { headers: headers(a.token) })).json()).data;
    expect(summary).toMatchObject({ referredCount: 2, rewardedCount: 1 });
  });
});
