import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorKey } from '../testing/operators.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { dateInTimeZone } from '../users/age.ts';

let t: TestApp;
let supportKey: string;
let timeZone: string;
beforeAll(async () => {
  t = await createTestApp();
  supportKey = await operatorKey(t.testDb.db, 'support');
  timeZone = (await t.testDb.db.selectFrom('organizations').select('time_zone').executeTakeFirstOrThrow()).time_zone;
});
afterAll(() => t.close());

const fix = (id: string, body: unknown, key = supportKey) => t.app.request(`/api/admin/members/${id}/birthday`, { method: 'POST', headers: headers(key), body: JSON.stringify(body) });
const me = async (token: string) => (await (await t.app.request('/api/user/me', { headers: headers(token) })).json()).data;

/** A supporter whose birthday was set long ago and changed once already: the profile lets them change it no more. */
async function lockedSupporter(name: string, birthday: string) {
  const email = `${name}@birthday.test`;
  const { token } = await signIn(t, email);
  await t.testDb.db.updateTable('users').set({ birthday, birthday_set_at: '2020-01-01T00:00:00.000Z', birthday_changes: 1 }).where('email', '=', email).execute();
  const { id } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token, id };
}

describe(`support fixes a birthday (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('sets it past the supporter\'s own limit: a minor by a wrong date becomes an adult; audited with before, after and the reason', async () => {
    const wrong = `${new Date().getUTCFullYear() - 14}-04-20`;
    const { token, id } = await lockedSupporter('wrong-year', wrong);
    expect((await me(token)).underage).toBe(true);
    const res = await fix(id, { birthday: '1990-04-20', reason: 'TR-ABCDE: typed the wrong year' });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ id, birthday: '1990-04-20', underage: false, changed: true });
    const user = await me(token);
    expect(user).toMatchObject({ birthday: '1990-04-20', underage: false });
    const row = await t.testDb.db.selectFrom('users').select(['birthday_changes']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.birthday_changes)).toBe(1);
    const entry = await t.testDb.db.selectFrom('audit_entries').selectAll().where('subject_id', '=', id).where('action', '=', 'member.birthday').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_role: 'support', subject_kind: 'member' });
    expect(JSON.parse(entry.before!)).toEqual({ birthday: wrong, underage: true });
    expect(JSON.parse(entry.after!)).toEqual({ birthday: '1990-04-20', underage: false, reason: 'TR-ABCDE: typed the wrong year' });
    // The same date again changes nothing and is not on the trail twice.
    expect((await (await fix(id, { birthday: '1990-04-20', reason: 'again' })).json()).data.changed).toBe(false);
    expect(await t.testDb.db.selectFrom('audit_entries').select('id').where('subject_id', '=', id).where('action', '=', 'member.birthday').execute()).toHaveLength(1);
  });

  it('pays no second birthday bonus in a year that paid one, and none for a date just fixed', async () => {
    const today = dateInTimeZone(new Date(), timeZone);
    const { token, id } = await lockedSupporter('bonus-paid', `1990-${today.slice(5)}`);
    expect((await me(token)).points).toBe(50);
    // Fixed to another date, then back to today's: the year's bonus is one ledger entry, paid already.
    expect((await fix(id, { birthday: '1990-01-01', reason: 'wrong day' })).status).toBe(200);
    expect((await fix(id, { birthday: `1991-${today.slice(5)}`, reason: 'right day after all' })).status).toBe(200);
    await t.testDb.db.updateTable('users').set({ birthday_set_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    expect((await me(token)).points).toBe(50);
    const bonuses = await t.testDb.db.selectFrom('ledger_entries').select('idempotency_key').where('user_id', '=', id).where('kind', '=', 'birthday_bonus').execute();
    expect(bonuses).toEqual([{ idempotency_key: `birthday:${today.slice(0, 4)}` }]);

    // A date fixed to today counts as set now: its bonus waits the profile's 30 days.
    const { token: other, id: otherId } = await lockedSupporter('bonus-new', '1990-01-01');
    if (today.slice(5) !== '01-01') {
      expect((await fix(otherId, { birthday: `1990-${today.slice(5)}`, reason: 'it is today' })).status).toBe(200);
      expect((await me(other)).points).toBe(0);
    }
  });

  it('refuses a bad date, no reason, an unknown supporter, an editor (403) and a revoked key (401)', async () => {
    const { id } = await lockedSupporter('refused', '1990-01-01');
    const future = await fix(id, { birthday: '2999-01-01', reason: 'x' });
    expect(future.status).toBe(422);
    const body = (await (await fix(id, { birthday: '1990-02-30', reason: ' ' })).json()).error.details;
    expect(body.reason).toBe('Give a reason: it is kept in the audit trail.');
    expect(body.birthday).toBeTruthy();
    expect((await (await fix(id, { reason: 'x' })).json()).error.details.birthday).toBeTruthy();
    expect((await fix('nobody', { birthday: '1990-01-01', reason: 'x' })).status).toBe(404);
    expect((await fix(id, { birthday: '1990-01-02', reason: 'x' }, await operatorKey(t.testDb.db, 'editor'))).status).toBe(403);
    const key = (await (await t.app.request('/api/admin/api-keys', { method: 'POST', headers: headers(t.ownerKey), body: JSON.stringify({ name: 'gone', role: 'support' }) })).json()).data;
    await t.app.request(`/api/admin/api-keys/${key.id}/revoke`, { method: 'POST', headers: headers(t.ownerKey) });
    expect((await fix(id, { birthday: '1990-01-02', reason: 'x' }, key.key)).status).toBe(401);
    expect((await fix(id, { birthday: '1990-01-02', reason: 'owner can' }, t.ownerKey)).status).toBe(200);
  });
});
