import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorKey } from '../testing/operators.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let organizationId: string;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  organizationId = (await t.testDb.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const newUser = async () => (await signIn(t, `operator-test-${(n += 1)}@example.com`)).token;
const points = async (token: string) => (await (await t.app.request('/api/user/me/points', { headers: headers(token) })).json()).data;
const pick = (id: string, token: string, responseIndex: number) =>
  t.app.request(`/api/challenge/${id}`, { method: 'POST', headers: headers(token), body: JSON.stringify({ poll: { responseIndex } }) });
const setOutcome = (id: string, responseIndex: number, token = t.ownerKey) =>
  t.app.request(`/api/admin/challenges/${id}/outcome`, { method: 'POST', headers: headers(token), body: JSON.stringify({ responseIndex }) });

/** A fresh pick'em kicking off in an hour: Win 20, Draw (no points of its own: the value, 15), Loss 40. */
async function newPickem(): Promise<string> {
  const id = `pickem-${(n += 1)}`;
  const now = new Date();
  await t.testDb.db.insertInto('challenges').values({
    id, organization_id: organizationId, type: 'poll', subtype: 'pickem', title: `Match ${n}`, description: '', hint: null, value: 15,
    media_id: null, visible_from: now.toISOString(), expires_on: new Date(now.getTime() + 3_600_000).toISOString(),
    options: JSON.stringify([{ label: 'Win', points: 20 }, { label: 'Draw' }, { label: 'Loss', points: 40 }]),
    answer: null, questions: '[]', game: null, created_at: now.toISOString(),
  }).execute();
  return id;
}

const ledgerRows = (id: string) => t.testDb.db.selectFrom('ledger_entries').select(['user_id', 'amount', 'idempotency_key'])
  .where('reference', '=', id).execute();

describe(`operator endpoints (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('sets the outcome and awards every correct pick the option points once, visible in /user/me/points', async () => {
    const id = await newPickem();
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    await pick(id, a, 2);
    await pick(id, b, 0);
    await pick(id, b, 2); // changed pick counts
    await pick(id, c, 1);
    const res = await setOutcome(id, 2);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { challengeId: id, outcome: 2, awarded: 2 } });
    expect(await points(a)).toEqual({ points: 40, lifetime_points: 40 });
    expect(await points(b)).toEqual({ points: 40, lifetime_points: 40 });
    expect(await points(c)).toEqual({ points: 0, lifetime_points: 0 });
    const rows = await ledgerRows(id);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ amount: 40, idempotency_key: `challenge:${id}` });
    const view = (await (await t.app.request(`/api/challenge/${id}`, { headers: headers(a) })).json()).data;
    expect(view).toMatchObject({ outcome: 2, pollResponseIndex: 2 });
  });

  it("awards the challenge's value when the option has no points", async () => {
    const id = await newPickem();
    const a = await newUser();
    await pick(id, a, 1);
    expect((await (await setOutcome(id, 1)).json()).data).toEqual({ challengeId: id, outcome: 1, awarded: 1 });
    expect(await points(a)).toEqual({ points: 15, lifetime_points: 15 });
  });

  it('awards nothing more when called twice, and answers 422 outcome_already_set to a different outcome', async () => {
    const id = await newPickem();
    const a = await newUser();
    await pick(id, a, 0);
    expect((await (await setOutcome(id, 0)).json()).data.awarded).toBe(1);
    const again = await setOutcome(id, 0);
    expect(again.status).toBe(200);
    expect((await again.json()).data).toEqual({ challengeId: id, outcome: 0, awarded: 0 });
    const other = await setOutcome(id, 1);
    expect(other.status).toBe(422);
    expect((await other.json()).error).toMatchObject({ code: 'outcome_already_set', message: 'The outcome is already set.' });
    expect(await points(a)).toEqual({ points: 20, lifetime_points: 20 });
    expect(await ledgerRows(id)).toHaveLength(1);
    const late = await pick(id, a, 1);
    expect(late.status).toBe(422);
  });

  it('awards once when outcome calls arrive at the same time', async () => {
    const id = await newPickem();
    const users = await Promise.all(Array.from({ length: 5 }, () => newUser()));
    for (const [i, u] of users.entries()) await pick(id, u, i % 2 === 0 ? 0 : 2);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => setOutcome(id, i % 2 === 0 ? 0 : 2)));
    const ok = answers.filter((r) => r.status === 200);
    const bodies = await Promise.all(ok.map(async (r) => (await r.json()).data));
    const winner = bodies[0].outcome as number;
    expect(bodies.every((b) => b.outcome === winner)).toBe(true);
    expect(bodies.reduce((sum, b) => sum + b.awarded, 0)).toBe(winner === 0 ? 3 : 2);
    expect(ok).toHaveLength(5);
    for (const res of answers.filter((r) => r.status !== 200)) expect(res.status).toBe(422);
    const rows = await ledgerRows(id);
    expect(rows).toHaveLength(winner === 0 ? 3 : 2);
    for (const [i, u] of users.entries()) {
      const won = (i % 2 === 0 ? 0 : 2) === winner;
      const expected = won ? (winner === 0 ? 20 : 40) : 0;
      expect(await points(u)).toEqual({ points: expected, lifetime_points: expected });
    }
  });

  it('awards every pick accepted before the outcome and refuses the ones after it', async () => {
    const id = await newPickem();
    const users = await Promise.all(Array.from({ length: 6 }, () => newUser()));
    const [outcome, ...picks] = await Promise.all([setOutcome(id, 0), ...users.map((u) => pick(id, u, 0))]);
    expect(outcome!.status).toBe(200);
    const { awarded } = (await outcome!.json()).data;
    expect(awarded).toBe(picks.filter((r) => r.status === 200).length);
    for (const [i, res] of picks.entries()) {
      expect([200, 422]).toContain(res.status);
      const expected = res.status === 200 ? 20 : 0;
      expect(await points(users[i]!)).toEqual({ points: expected, lifetime_points: expected });
    }
  });

  it('refuses anything but a live operator key, before looking at the challenge', async () => {
    const id = await newPickem();
    const user = await newUser();
    for (const token of ['pk_demo_terrace', `${t.ownerKey}x`, t.ownerKey.slice(0, -1), 'nope']) {
      const res = await setOutcome(id, 0, token);
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('unauthorized');
    }
    // A supporter is known, and refused.
    expect((await setOutcome(id, 0, user)).status).toBe(403);
    const bare = await t.app.request(`/api/admin/challenges/${id}/outcome`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ responseIndex: 0 }),
    });
    expect(bare.status).toBe(401);
    expect((await setOutcome('no-such-challenge', 0, 'wrong')).status).toBe(401);
    // A revoked key is refused from the next call on.
    const editorKey = await operatorKey(t.testDb.db, 'editor');
    const keyId = (await t.testDb.db.selectFrom('api_keys').select('id').where('name', '=', 'test editor').executeTakeFirstOrThrow()).id;
    const revoked = await t.app.request(`/api/admin/api-keys/${keyId}/revoke`, { method: 'POST', headers: headers(t.ownerKey) });
    expect(revoked.status).toBe(200);
    expect((await setOutcome(id, 0, editorKey)).status).toBe(401);
    expect(await ledgerRows(id)).toEqual([]);
  });

  it('answers 404 for an unknown challenge and 422 for a poll or a bad option', async () => {
    expect((await setOutcome('no-such-challenge', 0)).status).toBe(404);
    const poll = (await t.testDb.db.selectFrom('challenges').select('id').where('subtype', '=', 'poll').executeTakeFirstOrThrow()).id;
    const notPickem = await setOutcome(poll, 0);
    expect(notPickem.status).toBe(422);
    const id = await newPickem();
    expect((await setOutcome(id, 3)).status).toBe(422);
    expect((await setOutcome(id, -1)).status).toBe(422);
  });
});
