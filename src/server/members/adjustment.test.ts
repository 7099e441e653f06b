import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleQuiz } from '../challenges/challenge.award.ts';
import { award, reverse } from '../ledger/ledger.ts';
import { operatorKey } from '../testing/operators.ts';
import { api, balances, newSupporter } from '../testing/sweepstakes.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// Putting a balance right (issue 25): credits, debits and reversals through the ledger, support's limits and
// the owner's approval, each role's refusals, the audit trail, and the ledger still summing to the balance.

let t: TestApp;
let owner: string;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.ownerKey;
  editor = await operatorKey(t.testDb.db, 'editor');
});
afterAll(() => t.close());

const adjust = (token: string, userId: string, body: unknown, key: string | null = randomUUID(), language = 'en') =>
  api(t, `/admin/members/${userId}/adjustments`, { method: 'POST', token, body, headers: { ...(key ? { 'Idempotency-Key': key } : {}), 'Accept-Language': language } });
const decide = (token: string, id: string, decision: 'approve' | 'refuse') => api(t, `/admin/adjustments/${id}/${decision}`, { method: 'POST', token });
const json = async (res: Response) => (await res.json()) as { data: any; error: { code: string; message: string; details?: Record<string, string> } };

/** The ledger of one supporter: its rows, and whether they sum to the balance (they must, always). */
async function ledger(userId: string) {
  const rows = await t.testDb.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).execute();
  const sum = rows.reduce((total, r) => total + Number(r.amount), 0);
  expect(sum, 'the ledger sums to the balance').toBe((await balances(t, userId)).points);
  return rows;
}

async function auditOf(action: string, subjectId: string) {
  return t.testDb.db.selectFrom('audit_entries').selectAll().where('action', '=', action).where('subject_id', '=', subjectId).execute();
}

async function setLimits(perAdjustment: number, perDay: number) {
  expect((await api(t, '/admin/settings', { method: 'PATCH', token: owner, body: { supportAdjustmentLimit: perAdjustment, supportDailyAdjustmentLimit: perDay } })).status).toBe(200);
}

describe(`adjustments (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('credits and debits with a reason through the ledger, audited with the balance before and after', async () => {
    const fan = await newSupporter(t, 40);
    const credit = await adjust(owner, fan.userId, { points: 50, reason: 'Check-in missed by the app' });
    expect(credit.status).toBe(201);
    const { data } = await json(credit);
    expect(data).toMatchObject({ userId: fan.userId, points: 50, status: 'applied', balanceAfter: 90, reason: 'Check-in missed by the app', supporter: { email: fan.email } });
    expect(await balances(t, fan.userId)).toEqual({ points: 90, lifetime: 90 });

    const debit = await json(await adjust(owner, fan.userId, { points: -30, reason: 'Paid twice for one check-in' }));
    expect(debit.data).toMatchObject({ points: -30, status: 'applied', balanceAfter: 60 });
    // A debit takes spendable points only: the rank (lifetime) stays.
    expect(await balances(t, fan.userId)).toEqual({ points: 60, lifetime: 90 });
    const rows = await ledger(fan.userId);
    expect(rows.filter((r) => r.kind === 'adjustment').map((r) => Number(r.amount)).sort()).toEqual([-30, 50]);

    const [entry] = await auditOf('member.adjust', fan.userId);
    expect(JSON.parse(entry!.before!)).toEqual({ points: 40, lifetimePoints: 40 });
    expect(JSON.parse(entry!.after!)).toMatchObject({ points: 90, lifetimePoints: 90, adjustment: { id: data.id, points: 50, status: 'applied' } });
    const stored = await t.testDb.db.selectFrom('member_adjustments').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'applied', ledger_entry_id: data.ledgerEntryId, requested_by_role: 'owner' });
  });

  it('refuses a debit below zero with 422 and a clear message, changing nothing', async () => {
    const fan = await newSupporter(t, 20);
    const res = await adjust(owner, fan.userId, { points: -21, reason: 'Too much' });
    expect(res.status).toBe(422);
    const { error } = await json(res);
    expect(error.code).toBe('insufficient_points');
    expect(error.message).toBe('This would take the balance below zero: the supporter has 20 points.');
    expect(await balances(t, fan.userId)).toEqual({ points: 20, lifetime: 20 });
    expect(await t.testDb.db.selectFrom('member_adjustments').select('id').where('user_id', '=', fan.userId).execute()).toEqual([]);
    expect(await auditOf('member.adjust', fan.userId)).toEqual([]);
  });

  it('answers a repeat of the key with the same adjustment, never a second ledger row', async () => {
    const fan = await newSupporter(t);
    const key = randomUUID();
    const first = await json(await adjust(owner, fan.userId, { points: 15, reason: 'Goodwill' }, key));
    const again = await adjust(owner, fan.userId, { points: 15, reason: 'Goodwill' }, key);
    expect(again.status).toBe(201);
    expect((await json(again)).data.id).toBe(first.data.id);
    expect((await ledger(fan.userId)).length).toBe(1);
    expect(await balances(t, fan.userId)).toEqual({ points: 15, lifetime: 15 });
    expect((await auditOf('member.adjust', fan.userId)).length).toBe(1);
    // The same key for another adjustment is refused, not applied.
    const other = await adjust(owner, fan.userId, { points: 16, reason: 'Goodwill' }, key);
    expect(other.status).toBe(422);
    // Without a key: refused, with the header named.
    const keyless = await adjust(owner, fan.userId, { points: 15, reason: 'Goodwill' }, null);
    expect(keyless.status).toBe(422);
    expect((await json(keyless)).error.details?.['idempotency-key']).toMatch(/Idempotency-Key/);
  });

  it("never takes back a quiz answer's award twice, whether the quiz's rules or the club took it back first", async () => {
    const fan = await newSupporter(t, 0);
    const quiz = `quiz-${randomUUID()}`;
    const question = (q: string, n: number) => `challenge:${quiz}:${q}:${n}`;
    // The rules took the first answer's 10 back (the answer turned wrong): the club may not take them again.
    const first = await award(t.testDb.db, { userId: fan.userId, amount: 10, kind: 'challenge', reference: quiz, idempotencyKey: question('a', 1) });
    await reverse(t.testDb.db, { userId: fan.userId, awardKey: question('a', 1), idempotencyKey: question('a', 2) });
    await award(t.testDb.db, { userId: fan.userId, amount: 30, kind: 'credit', idempotencyKey: `pad:${quiz}` });
    const again = await adjust(owner, fan.userId, { reverses: first.entry.id, reason: 'Wrong answer paid' });
    expect(again.status).toBe(422);
    expect((await json(again)).error.code).toBe('already_reversed');
    // The club took the second answer's 10 back: when the answer turns wrong, the quiz takes nothing more.
    const second = await award(t.testDb.db, { userId: fan.userId, amount: 10, kind: 'challenge', reference: quiz, idempotencyKey: question('b', 1) });
    expect((await adjust(owner, fan.userId, { reverses: second.entry.id, reason: 'Wrong answer paid' })).status).toBe(201);
    const settled = await t.testDb.db.transaction().execute((trx) => settleQuiz(trx, { userId: fan.userId, challengeId: quiz, questions: [{ questionId: 'b', points: 10, correct: false }] }));
    expect(settled.pointsAwarded).toBe(0);
    const rows = await ledger(fan.userId);
    expect(rows.filter((r) => r.reference === quiz).reduce((sum, r) => sum + Number(r.amount), 0)).toBe(0);
  });

  it('reverses exactly one award; a second reversal changes nothing', async () => {
    const fan = await newSupporter(t, 10);
    const given = await award(t.testDb.db, { userId: fan.userId, amount: 25, kind: 'challenge', idempotencyKey: `award:${randomUUID()}` });
    const res = await adjust(owner, fan.userId, { reverses: given.entry.id, reason: 'Answer marked right by mistake' });
    expect(res.status).toBe(201);
    expect((await json(res)).data).toMatchObject({ points: -25, reverses: given.entry.id, status: 'applied', balanceAfter: 10 });
    expect(await balances(t, fan.userId)).toEqual({ points: 10, lifetime: 10 });
    const second = await adjust(owner, fan.userId, { reverses: given.entry.id, reason: 'Again' });
    expect(second.status).toBe(422);
    expect((await json(second)).error.code).toBe('already_reversed');
    expect(await balances(t, fan.userId)).toEqual({ points: 10, lifetime: 10 });
    expect((await ledger(fan.userId)).length).toBe(3);
    // A debit or another supporter's entry is no award of theirs.
    const [reversal] = (await ledger(fan.userId)).filter((r) => Number(r.amount) < 0);
    expect((await adjust(owner, fan.userId, { reverses: reversal!.id, reason: 'x' })).status).toBe(422);
    const other = await newSupporter(t);
    expect((await json(await adjust(owner, other.userId, { reverses: given.entry.id, reason: 'x' }))).error.details?.['reverses']).toBe('That ledger entry is not an award of this supporter.');
  });

  it('validates the body: points a non-zero whole number, a reason of 1 to 300 characters, points or reverses', async () => {
    const fan = await newSupporter(t);
    for (const body of [{ points: 0, reason: 'x' }, { points: 1.5, reason: 'x' }, { points: '5', reason: 'x' }, { points: 5, reason: '' },
      { points: 5, reason: 'x'.repeat(301) }, { reason: 'x' }, { points: 5, reverses: 'e', reason: 'x' }]) {
      const res = await adjust(owner, fan.userId, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await adjust(owner, randomUUID(), { points: 5, reason: 'x' })).status).toBe(404);
  });

  it("applies support's adjustments within both limits at once; over either, they wait pending (202)", async () => {
    await setLimits(100, 150);
    const support = await operatorKey(t.testDb.db, 'support');
    const fan = await newSupporter(t, 100);
    const within = await adjust(support, fan.userId, { points: 100, reason: 'Within the limit' });
    expect(within.status).toBe(201);
    expect(await balances(t, fan.userId)).toEqual({ points: 200, lifetime: 200 });

    const over = await adjust(support, fan.userId, { points: -101, reason: 'Over the limit' });
    expect(over.status).toBe(202);
    expect((await json(over)).data).toMatchObject({ status: 'pending', ledgerEntryId: null, balanceAfter: null });
    // The day's total: 100 applied + 60 would pass 150, debits counting as much as credits.
    const overDay = await adjust(support, fan.userId, { points: -60, reason: 'Over the day' });
    expect(overDay.status).toBe(202);
    expect((await adjust(support, fan.userId, { points: 50, reason: 'Still within the day' })).status).toBe(201);
    expect(await balances(t, fan.userId)).toEqual({ points: 250, lifetime: 250 });
    // Another support operator has their own day; the owner has no limit.
    expect((await adjust(await operatorKey(t.testDb.db, 'support'), fan.userId, { points: 60, reason: 'Another day budget' })).status).toBe(201);
    expect((await adjust(owner, fan.userId, { points: 1_000, reason: 'The owner' })).status).toBe(201);
    await ledger(fan.userId);
    const pending = (await json(await api(t, '/admin/adjustments?status=pending', { token: support }))).data as Array<{ id: string; userId: string }>;
    expect(pending.filter((a) => a.userId === fan.userId).length).toBe(2);
    await setLimits(100, 500);
  });

  it('lets the owner approve (through the ledger) or refuse a pending adjustment, audited, once', async () => {
    const support = await operatorKey(t.testDb.db, 'support');
    const fan = await newSupporter(t, 10);
    const big = (await json(await adjust(support, fan.userId, { points: 300, reason: 'Season ticket bonus' }))).data;
    const small = (await json(await adjust(support, fan.userId, { points: -200, reason: 'Wrong' }))).data;
    expect(big.status).toBe('pending');
    expect(await balances(t, fan.userId)).toEqual({ points: 10, lifetime: 10 });

    // The debit first: the balance does not allow it yet.
    const early = await decide(owner, small.id, 'approve');
    expect(early.status).toBe(422);
    expect((await json(early)).error.code).toBe('insufficient_points');

    const approved = await decide(owner, big.id, 'approve');
    expect(approved.status).toBe(200);
    expect((await json(approved)).data).toMatchObject({ status: 'applied', balanceAfter: 310, decidedBy: expect.any(String) });
    expect(await balances(t, fan.userId)).toEqual({ points: 310, lifetime: 310 });
    expect((await decide(owner, big.id, 'approve')).status).toBe(422);
    expect((await decide(owner, big.id, 'refuse')).status).toBe(422);

    const refused = await decide(owner, small.id, 'refuse');
    expect((await json(refused)).data).toMatchObject({ status: 'refused', ledgerEntryId: null });
    expect(await balances(t, fan.userId)).toEqual({ points: 310, lifetime: 310 });
    expect((await ledger(fan.userId)).length).toBe(2);

    const [approval] = await auditOf('adjustment.approve', big.id);
    expect(JSON.parse(approval!.before!)).toMatchObject({ status: 'pending', points: 300 });
    expect(JSON.parse(approval!.after!)).toMatchObject({ status: 'applied', balanceAfter: 310 });
    const [refusal] = await auditOf('adjustment.refuse', small.id);
    expect(JSON.parse(refusal!.after!)).toMatchObject({ status: 'refused' });
    expect((await decide(owner, randomUUID(), 'approve')).status).toBe(404);
    // Approved ones left the queue; the applied list has them.
    const applied = (await json(await api(t, '/admin/adjustments?status=applied', { token: owner }))).data as Array<{ id: string }>;
    expect(applied.map((a) => a.id)).toContain(big.id);
  });

  it('refuses support the decision, an editor everything, and a revoked key with 401', async () => {
    const support = await operatorKey(t.testDb.db, 'support');
    const fan = await newSupporter(t);
    const waiting = (await json(await adjust(support, fan.userId, { points: 500, reason: 'Big' }))).data;
    expect((await decide(support, waiting.id, 'approve')).status).toBe(403);
    expect((await decide(support, waiting.id, 'refuse')).status).toBe(403);
    expect((await adjust(editor, fan.userId, { points: 5, reason: 'x' })).status).toBe(403);
    expect((await api(t, '/admin/adjustments', { token: editor })).status).toBe(403);
    expect((await decide(editor, waiting.id, 'approve')).status).toBe(403);
    const made = (await json(await api(t, '/admin/api-keys', { method: 'POST', token: owner, body: { name: 'gone', role: 'owner' } }))).data;
    await api(t, `/admin/api-keys/${made.id}/revoke`, { method: 'POST', token: owner });
    expect((await adjust(made.key, fan.userId, { points: 5, reason: 'x' })).status).toBe(401);
    expect((await decide(made.key, waiting.id, 'approve')).status).toBe(401);
    expect((await adjust(fan.token, fan.userId, { points: 5, reason: 'x' })).status).toBe(403);
    expect(await balances(t, fan.userId)).toEqual({ points: 0, lifetime: 0 });
  });

  it('holds under races: one reversal of an award, one approval, and the day limit counted once', async () => {
    const fan = await newSupporter(t, 10);
    const given = await award(t.testDb.db, { userId: fan.userId, amount: 30, kind: 'challenge', idempotencyKey: `award:${randomUUID()}` });
    const reversals = await Promise.all(Array.from({ length: 4 }, () => adjust(owner, fan.userId, { reverses: given.entry.id, reason: 'Race' })));
    expect(reversals.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
    expect(await balances(t, fan.userId)).toEqual({ points: 10, lifetime: 10 });

    await setLimits(100, 150);
    const support = await operatorKey(t.testDb.db, 'support');
    const credits = await Promise.all(Array.from({ length: 4 }, () => adjust(support, fan.userId, { points: 100, reason: 'Race' })));
    expect(credits.map((r) => r.status).sort()).toEqual([201, 202, 202, 202]);
    expect(await balances(t, fan.userId)).toEqual({ points: 110, lifetime: 110 });
    await setLimits(100, 500);

    const waiting = (await json(credits.find((r) => r.status === 202)!)).data;
    const approvals = await Promise.all(Array.from({ length: 3 }, () => decide(owner, waiting.id, 'approve')));
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    expect(await balances(t, fan.userId)).toEqual({ points: 210, lifetime: 210 });
    await ledger(fan.userId);
  });

  it("shows the supporter each applied adjustment in their history with the club's reason, in their language", async () => {
    const fan = await newSupporter(t, 5);
    await adjust(owner, fan.userId, { points: 50, reason: 'Match-day check-in', translations: { es: { reason: 'Visita del día de partido' } } });
    await adjust(owner, fan.userId, { points: -5, reason: 'Counted twice' });
    const given = await award(t.testDb.db, { userId: fan.userId, amount: 7, kind: 'checkin', idempotencyKey: `award:${randomUUID()}` });
    await adjust(owner, fan.userId, { reverses: given.entry.id, reason: 'Not at the match' });
    const history = async (language: string) => (await (await api(t, '/user/me/transactions', { token: fan.token, headers: { 'Accept-Language': language } })).json()).data as Array<{ amount: number; adjustmentReason: string | null }>;
    // By amount: rows written within one millisecond may list either way.
    const named = async (language: string) => (await history(language)).map((r) => [r.amount, r.adjustmentReason]).sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(await named('es')).toEqual([[-7, 'Not at the match'], [-5, 'Counted twice'], [5, null], [7, null], [50, 'Visita del día de partido']]);
    expect(await named('en')).toEqual([[-7, 'Not at the match'], [-5, 'Counted twice'], [5, null], [7, null], [50, 'Match-day check-in']]);
  });
});
