import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { dateInTimeZone } from '../users/age.ts';
import { birthdayBonusFor, isBirthday, markBirthdayBonusSeen } from './birthday.service.ts';

let t: TestApp;
let timeZone: string;
beforeAll(async () => {
  t = await createTestApp();
  timeZone = (await t.testDb.db.selectFrom('organizations').select('time_zone').executeTakeFirstOrThrow()).time_zone;
});
afterAll(() => t.close());

async function newUser(name: string, birthday: string | null): Promise<{ token: string; userId: string }> {
  const email = `${name}@example.com`;
  const { token } = await signIn(t, email);
  const { id } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  // A birthday on the profile for long enough (30 days) to earn the bonus.
  await t.testDb.db.updateTable('users').set({ birthday, birthday_set_at: birthday && '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
  return { token, userId: id };
}

const patch = (token: string, body: Record<string, unknown>) =>
  t.app.request('/api/user/me', { method: 'PATCH', headers: headers(token), body: JSON.stringify(body) });
const me = async (token: string) => (await (await t.app.request('/api/user/me', { headers: headers(token) })).json()).data;
const bonusRows = (userId: string) => t.testDb.db.selectFrom('ledger_entries').select(['amount', 'idempotency_key', 'kind'])
  .where('user_id', '=', userId).where('kind', '=', 'birthday_bonus').orderBy('idempotency_key').execute();

describe(`birthday bonus (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('knows a birthday by month and day; 29 February falls on 28 February in other years', () => {
    expect(isBirthday('1990-06-15', '2026-06-15')).toBe(true);
    expect(isBirthday('1990-06-15', '2026-06-16')).toBe(false);
    expect(isBirthday('2000-02-29', '2027-02-28')).toBe(true);
    expect(isBirthday('2000-02-29', '2028-02-28')).toBe(false);
    expect(isBirthday('2000-02-29', '2028-02-29')).toBe(true);
    expect(isBirthday('2000-02-28', '2028-02-29')).toBe(false);
  });

  it('on the birthday, the first GET /api/user/me awards birthdayBonusPoints through the ledger, once', async () => {
    const today = dateInTimeZone(new Date(), timeZone);
    const { token, userId } = await newUser('bday-today', `1990-${today.slice(5)}`);
    const first = await me(token);
    expect(first.properties.birthdayBonusPoints).toBe(50);
    expect(first.points).toBe(50);
    expect(first.lifetimePoints).toBe(50);
    const again = await me(token);
    expect(again.points).toBe(50);
    expect(again.properties.birthdayBonusPoints).toBe(50);
    expect(await bonusRows(userId)).toEqual([{ amount: 50, idempotency_key: `birthday:${today.slice(0, 4)}`, kind: 'birthday_bonus' }]);
  });

  it('awards nothing on other days, nor without a birthday', async () => {
    const { token, userId } = await newUser('bday-other', '1990-01-01');
    const { userId: noBirthday } = await newUser('bday-none', null);
    expect(await birthdayBonusFor(t.testDb.db, userId, new Date('2026-06-15T12:00:00Z'))).toEqual({});
    expect(await birthdayBonusFor(t.testDb.db, noBirthday, new Date('2026-01-01T12:00:00Z'))).toEqual({});
    if (dateInTimeZone(new Date(), timeZone).slice(5) !== '01-01') {
      const user = await me(token);
      expect(user.properties.birthdayBonusPoints).toBe(0);
      expect(user.points).toBe(0);
    }
    expect(await bonusRows(userId)).toEqual([]);
    expect(await bonusRows(noBirthday)).toEqual([]);
  });

  it("follows the organization's time zone at the day boundary (Europe/London, summer time)", async () => {
    expect(timeZone).toBe('Europe/London');
    const { userId } = await newUser('bday-zone', '1990-06-15');
    // 23:30 on 14 June in London: not yet.
    expect(await birthdayBonusFor(t.testDb.db, userId, new Date('2026-06-14T22:30:00Z'))).toEqual({});
    // 00:30 on 15 June in London, still 14 June in UTC: the birthday.
    expect(await birthdayBonusFor(t.testDb.db, userId, new Date('2026-06-14T23:30:00Z'))).toEqual({ birthdayBonusPoints: 50 });
    // 00:30 on 16 June in London, still 15 June in UTC: over.
    expect(await birthdayBonusFor(t.testDb.db, userId, new Date('2026-06-15T23:30:00Z'))).toEqual({});
    expect((await bonusRows(userId)).map((r) => r.idempotency_key)).toEqual(['birthday:2026']);
  });

  it('awards once per year, again the next year; 29 February birthdays on 28 February in non-leap years', async () => {
    const { userId } = await newUser('bday-leap', '2000-02-29');
    await birthdayBonusFor(t.testDb.db, userId, new Date('2027-02-28T09:00:00Z'));
    await birthdayBonusFor(t.testDb.db, userId, new Date('2027-02-28T20:00:00Z'));
    expect(await birthdayBonusFor(t.testDb.db, userId, new Date('2027-03-01T09:00:00Z'))).toEqual({});
    expect(await birthdayBonusFor(t.testDb.db, userId, new Date('2028-02-28T09:00:00Z'))).toEqual({});
    await birthdayBonusFor(t.testDb.db, userId, new Date('2028-02-29T09:00:00Z'));
    expect((await bonusRows(userId)).map((r) => r.idempotency_key)).toEqual(['birthday:2027', 'birthday:2028']);
    const { points } = await t.testDb.db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(Number(points)).toBe(100);
  });

  it('concurrent first fetches award once', async () => {
    const { userId } = await newUser('bday-race', '1991-07-04');
    const at = new Date('2026-07-04T10:00:00Z');
    await Promise.all(Array.from({ length: 10 }, () => birthdayBonusFor(t.testDb.db, userId, at)));
    expect(await bonusRows(userId)).toHaveLength(1);
  });

  it('POST /api/rewards/birthday/seen clears the flag for the rest of the year, awarding nothing more', async () => {
    const today = dateInTimeZone(new Date(), timeZone);
    const { token, userId } = await newUser('bday-seen', `1985-${today.slice(5)}`);
    expect((await me(token)).properties.birthdayBonusPoints).toBe(50);
    const seen = await t.app.request('/api/rewards/birthday/seen', { method: 'POST', headers: headers(token) });
    expect(seen.status).toBe(200);
    expect(await seen.json()).toEqual({ data: { seen: true } });
    const after = await me(token);
    expect(after.properties.birthdayBonusPoints).toBe(0);
    expect(after.points).toBe(50);
    expect(await bonusRows(userId)).toHaveLength(1);
  });

  it('seen before the birthday does not hide it; next year the modal shows again', async () => {
    const { userId } = await newUser('bday-early', '1980-09-10');
    await markBirthdayBonusSeen(t.testDb.db, userId, new Date('2026-09-01T12:00:00Z'));
    expect(await birthdayBonusFor(t.testDb.db, userId, new Date('2026-09-10T12:00:00Z'))).toEqual({ birthdayBonusPoints: 50 });
    await markBirthdayBonusSeen(t.testDb.db, userId, new Date('2026-09-10T13:00:00Z'));
    expect(await birthdayBonusFor(t.testDb.db, userId, new Date('2026-09-10T14:00:00Z'))).toEqual({});
    expect(await birthdayBonusFor(t.testDb.db, userId, new Date('2027-09-10T12:00:00Z'))).toEqual({ birthdayBonusPoints: 50 });
  });

  it('pays nothing for a birthday set today (set it to today, earn nothing), nor for one set under 30 days before', async () => {
    const today = dateInTimeZone(new Date(), timeZone);
    const { token, userId } = await newUser('bday-farm', null);
    expect((await patch(token, { birthday: `1990-${today.slice(5)}` })).status).toBe(201);
    const user = await me(token);
    expect(user.properties.birthdayBonusPoints).toBe(0);
    expect(user.points).toBe(0);
    expect(await bonusRows(userId)).toEqual([]);

    // Set on 16 May: 14 June is 29 days later (no bonus), 15 June is 30 days later (the bonus).
    const { userId: early } = await newUser('bday-notice', null);
    await t.testDb.db.updateTable('users').set({ birthday: '1990-06-14', birthday_set_at: '2026-05-16T12:00:00.000Z' }).where('id', '=', early).execute();
    expect(await birthdayBonusFor(t.testDb.db, early, new Date('2026-06-14T12:00:00Z'))).toEqual({});
    await t.testDb.db.updateTable('users').set({ birthday: '1990-06-15' }).where('id', '=', early).execute();
    expect(await birthdayBonusFor(t.testDb.db, early, new Date('2026-06-15T12:00:00Z'))).toEqual({ birthdayBonusPoints: 50 });
  });

  it('lets a supporter change a set birthday once; a further change answers 422 birthday_locked; the same date again is no change', async () => {
    const { token, userId } = await newUser('bday-change', null);
    const stored = () => t.testDb.db.selectFrom('users').select(['birthday', 'birthday_set_at', 'birthday_changes'])
      .where('id', '=', userId).executeTakeFirstOrThrow();
    expect((await patch(token, { birthday: '1990-03-01' })).status).toBe(201);
    const first = await stored();
    expect(first).toMatchObject({ birthday: '1990-03-01', birthday_changes: 0 });
    expect(first.birthday_set_at).toBeTruthy();
    // The edit form sends every field each time: the same birthday again changes nothing.
    expect((await patch(token, { birthday: '1990-03-01', firstName: 'Dee' })).status).toBe(201);
    expect(await stored()).toEqual(first);
    expect((await patch(token, { birthday: '1990-03-10' })).status).toBe(201);
    const changed = await stored();
    expect(changed).toMatchObject({ birthday: '1990-03-10', birthday_changes: 1 });
    expect(changed.birthday_set_at! >= first.birthday_set_at!).toBe(true);
    for (const birthday of ['1990-03-11', null]) {
      const refused = await patch(token, { birthday, firstName: 'Not saved' });
      expect(refused.status).toBe(422);
      const { error } = await refused.json();
      expect(error.code).toBe('birthday_locked');
      expect(error.message).toMatch(/contact the club/);
      expect(error.details).toEqual({ birthday: error.message });
    }
    expect(await stored()).toEqual(changed);
    expect((await me(token)).firstName).toBe('Dee');
    expect((await patch(token, { birthday: '1990-03-10', lastName: 'Okafor' })).status).toBe(201);
  });

  it('spends the one change once when two saves arrive at the same time', async () => {
    const { token, userId } = await newUser('bday-race-change', null);
    expect((await patch(token, { birthday: '1991-01-01' })).status).toBe(201);
    const answers = await Promise.all(['1991-01-02', '1991-01-03', '1991-01-04', '1991-01-05'].map((birthday) => patch(token, { birthday })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422, 422]);
    const row = await t.testDb.db.selectFrom('users').select('birthday_changes').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(Number(row.birthday_changes)).toBe(1);
  });

  it('uses the organization setting, and needs a signed-in user to mark it seen', async () => {
    const { id: organizationId } = await t.testDb.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
    expect((await t.testDb.db.selectFrom('organization_settings').select('value')
      .where('organization_id', '=', organizationId).where('key', '=', 'birthdayBonusPoints').executeTakeFirstOrThrow()).value).toBe('50');
    const anonymous = await t.app.request('/api/rewards/birthday/seen', { method: 'POST', headers: headers() });
    expect(anonymous.status).toBe(401);
  });
});
