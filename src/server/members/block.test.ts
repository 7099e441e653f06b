import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePick } from '../challenges/challenge.repository.ts';
import { AccountBlockedError } from '../errors.ts';
import { award, spend } from '../ledger/ledger.ts';
import { payBirthdayBonus } from '../rewards/birthday.service.ts';
import { enterForFree } from '../sweepstakes/sweepstake.entry.ts';
import { operatorKey } from '../testing/operators.ts';
import { balances, endNow, enter, newSupporter, newSweepstake, organizationId } from '../testing/sweepstakes.ts';
import { createTestApp, headers, requestCode, signIn, type TestApp } from '../testing/test-app.ts';

// Blocking a supporter from the console (issue 25, point 3): their sessions end, sign-in says why once the
// code is proven, the ledger refuses them, bulk payouts pass them over, and unblocking gives everything back.
let t: TestApp;
let support: string;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  [support, editor] = await Promise.all([operatorKey(t.testDb.db, 'support'), operatorKey(t.testDb.db, 'editor')]);
});
afterAll(() => t.close());

const call = (path: string, token: string, init: { method?: string; body?: unknown; language?: string } = {}) => t.app.request(`/api${path}`, {
  method: init.method ?? 'POST', headers: headers(token, init.language ? { 'Accept-Language': init.language } : {}),
  ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
});
const block = (id: string, reason = 'Sharing sign-in codes', token = support) => call(`/admin/members/${id}/block`, token, { body: { reason } });
const unblock = (id: string, token = support) => call(`/admin/members/${id}/unblock`, token);
const signOut = (id: string, token = support) => call(`/admin/members/${id}/sign-out`, token);
const me = (token: string) => call('/user/me', token, { method: 'GET' });
const errorOf = async (res: Response) => (await res.json()).error as { code: string; message: string; details?: Record<string, string> };
const auditOf = (id: string) => t.testDb.db.selectFrom('audit_entries').selectAll().where('subject_id', '=', id).orderBy('at').execute();

/** The code is right: the verify call answers what a right code answers for this address. */
async function verifyWithRightCode(email: string, language = 'en') {
  const code = await requestCode(t, email);
  return call('/session/email/verify', 'pk_demo_terrace', { body: { email, code }, language });
}

describe(`blocking a supporter (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('ends every session at once, records who and why, and refuses sign-in only after a right code', async () => {
    const fan = await newSupporter(t, 40, 'blocked');
    const other = await signIn(t, fan.email);
    expect((await me(fan.token)).status).toBe(200);

    const res = await block(fan.userId);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ id: fan.userId, blocked: true, reason: 'Sharing sign-in codes', sessionsEnded: 2 });
    for (const token of [fan.token, other.token]) expect((await me(token)).status).toBe(401);
    const [entry] = await auditOf(fan.userId);
    expect(entry).toMatchObject({ action: 'member.block', subject_kind: 'member', actor_role: 'support' });
    expect(JSON.parse(entry!.after!)).toMatchObject({ blocked: true, reason: 'Sharing sign-in codes', sessionsEnded: 2 });

    // A wrong code answers as for anyone: typing an address tells nobody it is blocked.
    const code = await requestCode(t, fan.email);
    const verify = (tried: string, language = 'en') => call('/session/email/verify', 'pk_demo_terrace', { body: { email: fan.email, code: tried }, language });
    expect((await errorOf(await verify(code === '000000' ? '111111' : '000000'))).code).toBe('validation_failed');
    const refused = await verify(code);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({
      code: 'account_blocked',
      message: 'Terrace FC has blocked this account, so it cannot sign in. To find out why or to ask for it back, contact the club with the e-mail address you sign in with: its contact details are on the About page of this site, or ask at the club shop or ticket office.',
    });
    // The refusal used nothing up: the same code answers the same, in the supporter's language.
    const spanish = await verify(code, 'es');
    expect((await errorOf(spanish)).message).toMatch(/^Terrace FC ha bloqueado esta cuenta, así que no puede entrar\./);
  });

  it('refuses earning, spending and entering with 403 account_blocked, and unblocking gives all of it back', async () => {
    const fan = await newSupporter(t, 100, 'spender');
    const live = await newSweepstake(t, { costPerEntry: 10 });
    expect((await enter(t, live.id, fan.token, 1)).status).toBe(200);
    const before = await balances(t, fan.userId);
    await block(fan.userId);

    const key = `test:${randomUUID()}`;
    await expect(award(t.testDb.db, { userId: fan.userId, amount: 5, kind: 'challenge', idempotencyKey: key })).rejects.toMatchObject({ code: 'account_blocked', status: 403 });
    await expect(spend(t.testDb.db, { userId: fan.userId, amount: 5, kind: 'sweepstake', idempotencyKey: key })).rejects.toBeInstanceOf(AccountBlockedError);
    const caller = { organizationId: await organizationId(t), userId: fan.userId, timeZone: 'UTC' };
    await expect(enterForFree(t.testDb.db, caller, live.id)).rejects.toMatchObject({ code: 'account_blocked' });
    expect(await balances(t, fan.userId)).toEqual(before);

    const lifted = await unblock(fan.userId);
    expect((await lifted.json()).data).toMatchObject({ blocked: false, blockedAt: null, reason: null });
    expect((await auditOf(fan.userId)).map((e) => e.action)).toEqual(['member.block', 'member.unblock']);
    const back = await verifyWithRightCode(fan.email);
    expect(back.status).toBe(200);
    const token = (await back.json()).data.token as string;
    expect((await (await me(token)).json()).data).toMatchObject({ points: before.points });
    const history = await (await call('/user/me/transactions', token, { method: 'GET' })).json();
    expect(history.data.map((e: { kind: string; amount: number }) => e.amount)).toEqual([-10, 100]);
    expect((await enter(t, live.id, token, 1)).status).toBe(200);
    // Unblocking one not blocked changes nothing and records nothing.
    expect((await unblock(fan.userId)).status).toBe(200);
    expect(await auditOf(fan.userId)).toHaveLength(2);
  });

  it("passes a blocked supporter over in a pick'em's payout, and pays them when set again after the unblock", async () => {
    const [right, blocked] = await Promise.all([newSupporter(t, 0, 'picker'), newSupporter(t, 0, 'picker')]);
    const pickem = await t.testDb.db.selectFrom('challenges').select('id').where('subtype', '=', 'pickem').executeTakeFirstOrThrow();
    for (const fan of [right, blocked]) {
      await savePick(t.testDb.db, { id: randomUUID(), user_id: fan.userId, challenge_id: pickem.id, response_index: 0, response_text: null, created_at: new Date().toISOString() });
    }
    await block(blocked.userId);
    const owner = t.ownerKey;
    const outcome = await call(`/admin/challenges/${pickem.id}/outcome`, owner, { body: { responseIndex: 0 } });
    expect(outcome.status).toBe(200);
    expect((await outcome.json()).data.awarded).toBe(1);
    expect((await balances(t, right.userId)).points).toBeGreaterThan(0);
    expect((await balances(t, blocked.userId)).points).toBe(0);

    await unblock(blocked.userId);
    const again = await call(`/admin/challenges/${pickem.id}/outcome`, owner, { body: { responseIndex: 0 } });
    expect((await again.json()).data.awarded).toBe(1);
    expect((await balances(t, blocked.userId)).points).toBe((await balances(t, right.userId)).points);
  });

  it("pays a blocked referrer nothing without failing the friend's award, and pays them once unblocked", async () => {
    const referrer = await newSupporter(t, 0, 'referrer');
    const { data: { code: referralCode } } = await (await call('/rewards/referral', referrer.token, { method: 'GET' })).json();
    const friendEmail = `friend-${randomUUID().slice(0, 8)}@example.com`;
    const code = await requestCode(t, friendEmail);
    expect((await call('/session/email/verify', 'pk_demo_terrace', { body: { email: friendEmail, code, referralCode } })).status).toBe(200);
    const friend = (await t.testDb.db.selectFrom('users').select('id').where('email', '=', friendEmail).executeTakeFirstOrThrow()).id;
    await block(referrer.userId);
    // The friend earns on two days (active): their awards stand; the blocked referrer is passed over.
    await award(t.testDb.db, { userId: friend, amount: 10, kind: 'checkin', idempotencyKey: `test:${randomUUID()}` });
    await t.testDb.db.updateTable('ledger_entries').set({ created_at: new Date(Date.now() - 86_400_000).toISOString() }).where('user_id', '=', friend).execute();
    await award(t.testDb.db, { userId: friend, amount: 10, kind: 'checkin', idempotencyKey: `test:${randomUUID()}` });
    expect((await balances(t, friend)).points).toBe(20);
    expect((await balances(t, referrer.userId)).points).toBe(0);
    await unblock(referrer.userId);
    await award(t.testDb.db, { userId: friend, amount: 10, kind: 'checkin', idempotencyKey: `test:${randomUUID()}` });
    expect((await balances(t, referrer.userId)).points).toBe(100);
  });

  it('pays a blocked supporter no birthday bonus', async () => {
    const fan = await newSupporter(t, 0, 'birthday');
    await t.testDb.db.updateTable('users').set({ birthday: '1990-06-15', birthday_set_at: '2026-01-01T00:00:00.000Z' }).where('id', '=', fan.userId).execute();
    await block(fan.userId);
    const onTheDay = new Date('2026-06-15T12:00:00Z');
    expect(await payBirthdayBonus(t.testDb.db, fan.userId, onTheDay, {})).toEqual({ properties: {}, paid: false });
    await unblock(fan.userId);
    expect((await payBirthdayBonus(t.testDb.db, fan.userId, onTheDay, {})).paid).toBe(true);
  });

  it('never draws a blocked entrant: their place goes to the next one drawn', async () => {
    const s = await newSweepstake(t, { costPerEntry: 10, maxEntriesPerSupporter: 10, winnerCount: 1 });
    const [fair, blocked] = await Promise.all([newSupporter(t, 100, 'entrant'), newSupporter(t, 100, 'entrant')]);
    expect((await enter(t, s.id, fair.token, 1)).status).toBe(200);
    expect((await enter(t, s.id, blocked.token, 9)).status).toBe(200);
    await block(blocked.userId);
    await endNow(t, s.id);
    const drawn = await call(`/admin/sweepstakes/${s.id}/draw`, t.ownerKey);
    expect(drawn.status).toBe(200);
    const winners = await t.testDb.db.selectFrom('sweepstake_winners').select(['user_id', 'position']).where('sweepstake_id', '=', s.id).execute();
    expect(winners).toEqual([{ user_id: fair.userId, position: 1 }]);
  });

  it('signs a supporter out everywhere; they can sign in again', async () => {
    const fan = await newSupporter(t, 0, 'everywhere');
    const second = await signIn(t, fan.email);
    const res = await signOut(fan.userId);
    expect((await res.json()).data).toMatchObject({ blocked: false, sessionsEnded: 2 });
    for (const token of [fan.token, second.token]) expect((await me(token)).status).toBe(401);
    expect((await auditOf(fan.userId)).map((e) => [e.action, JSON.parse(e.after!)])).toEqual([['member.sign-out', { sessionsEnded: 2 }]]);
    expect((await verifyWithRightCode(fan.email)).status).toBe(200);
  });

  it('asks for a reason of 1 to 300 characters, and answers 404 for a supporter not in the club', async () => {
    const fan = await newSupporter(t, 0, 'reasons');
    const blank = await block(fan.userId, '   ');
    expect(blank.status).toBe(422);
    expect((await errorOf(blank)).details?.['reason']).toBe('Write why you are blocking this supporter.');
    expect((await errorOf(await block(fan.userId, 'x'.repeat(301)))).details?.['reason']).toBe('Keep the reason to 300 characters or fewer.');
    expect((await block(fan.userId, 'x'.repeat(300))).status).toBe(200);
    for (const path of ['block', 'unblock', 'sign-out']) {
      const res = await call(`/admin/members/no-such-supporter/${path}`, t.ownerKey, { body: { reason: 'x' } });
      expect(res.status, path).toBe(404);
    }
    expect(await auditOf('no-such-supporter')).toEqual([]);
  });

  it('is for owners and support: an editor gets 403, a revoked key 401, and nothing changes', async () => {
    const fan = await newSupporter(t, 0, 'roles');
    const revoked = (await (await call('/admin/api-keys', t.ownerKey, { body: { name: 'old support key', role: 'support' } })).json()).data;
    expect((await call(`/admin/api-keys/${revoked.id}/revoke`, t.ownerKey)).status).toBe(200);
    for (const [token, status] of [[editor, 403], [revoked.key, 401], [fan.token, 403]] as const) {
      expect((await block(fan.userId, 'no', token)).status).toBe(status);
      expect((await unblock(fan.userId, token)).status).toBe(status);
      expect((await signOut(fan.userId, token)).status).toBe(status);
      expect((await call(`/admin/members/${fan.userId}/block`, token, { method: 'GET' })).status).toBe(status);
    }
    expect((await me(fan.token)).status).toBe(200);
    expect(await auditOf(fan.userId)).toEqual([]);
    expect((await block(fan.userId, 'by the owner', t.ownerKey)).status).toBe(200);
    const state = await call(`/admin/members/${fan.userId}/block`, support, { method: 'GET' });
    expect((await state.json()).data).toMatchObject({ blocked: true, reason: 'by the owner' });
  });
});
