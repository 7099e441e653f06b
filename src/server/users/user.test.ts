import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { award } from '../ledger/ledger.ts';
import { dateInTimeZone } from './age.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patch = (token: string, body: unknown) =>
  t.app.request('/api/user/me', { method: 'PATCH', headers: headers(token), body: JSON.stringify(body) });

describe(`the current user (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('updates the profile with 201, turning an empty phone number or birthday into null', async () => {
    const { token } = await signIn(t, 'profile@example.com');
    const saved = await patch(token, {
      username: 'ana_10', firstName: 'Ana', lastName: 'Ruiz', phoneNumber: '+44 7700 900123', zipCode: 'N1 9GU', birthday: '1990-05-17',
    });
    expect(saved.status).toBe(201);
    expect((await saved.json()).data).toMatchObject({ username: 'ana_10', firstName: 'Ana', birthday: '1990-05-17', underage: false });
    const cleared = await patch(token, { phoneNumber: '', birthday: '' });
    expect(cleared.status).toBe(201);
    expect((await cleared.json()).data).toMatchObject({ phoneNumber: null, birthday: null, firstName: 'Ana' });
  });

  it('answers 422 with a message per field', async () => {
    const { token } = await signIn(t, 'badfields@example.com');
    const res = await patch(token, { username: 'a', phoneNumber: 'call me', birthday: '2999-01-01', zipCode: '!' });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(Object.keys(error.details).sort()).toEqual(['birthday', 'phoneNumber', 'username', 'zipCode']);
    expect(error.details.birthday).toBe('Enter a date between 1900 and today.');
  });

  it('keeps usernames unique within the organization', async () => {
    const first = await signIn(t, 'first@example.com');
    const second = await signIn(t, 'second@example.com');
    expect((await patch(first.token, { username: 'terrace_king' })).status).toBe(201);
    const taken = await patch(second.token, { username: 'terrace_king' });
    expect(taken.status).toBe(422);
    expect((await taken.json()).error.details).toEqual({ username: 'That username is taken. Try another.' });
  });

  it('refuses to let a client set its own membership or birthday bonus', async () => {
    const { token } = await signIn(t, 'sneaky@example.com');
    const res = await patch(token, { properties: { membership: 'gold', favouritePlayer: 9 } });
    expect(res.status).toBe(422);
    expect((await res.json()).error.details.properties).toMatch(/membership/);
  });

  it('keeps properties to their fixed keys: any other key, of any size, is a 422 that says so, and nothing is stored', async () => {
    const { token } = await signIn(t, 'hoarder@example.com');
    for (const properties of [{ favouritePlayer: 9 }, { notes: 'x'.repeat(3_900) }, { a: 1, b: 2 }]) {
      const res = await patch(token, { properties });
      expect(res.status).toBe(422);
      const { error } = await res.json();
      expect(error).toMatchObject({ code: 'validation_failed', details: { properties: expect.stringMatching(/only membership and birthdayBonusPoints/) } });
      expect(error.requestId).toBeTruthy();
    }
    expect((await patch(token, { properties: {} })).status).toBe(201);
    const stored = await t.testDb.db.selectFrom('users').select('properties').where('email', '=', 'hoarder@example.com').executeTakeFirstOrThrow();
    expect(stored.properties.length).toBeLessThan(100);
  });

  it('always answers membership (entry by default) and birthdayBonusPoints (0 off the birthday) in properties (S-073)', async () => {
    const { token } = await signIn(t, 'newcomer@example.com');
    const me = await (await t.app.request('/api/user/me', { headers: headers(token) })).json();
    expect(me.data.properties).toEqual({ membership: 'entry', birthdayBonusPoints: 0 });
    expect(me.data.membershipChosen).toBe(false);
  });

  it('refuses profile edits and the welcome to an under-18 user, saying why', async () => {
    const { token } = await signIn(t, 'junior@example.com');
    const year = new Date().getFullYear() - 16;
    expect((await patch(token, { birthday: `${year}-01-01` })).status).toBe(201);
    const me = await (await t.app.request('/api/user/me', { headers: headers(token) })).json();
    expect(me.data.underage).toBe(true);
    const edit = await patch(token, { firstName: 'Jo' });
    expect(edit.status).toBe(403);
    expect((await edit.json()).error.message).toBe('Editing the profile is not available to supporters under 18.');
    const welcome = await t.app.request('/api/user/me/welcome', { method: 'POST', headers: headers(token) });
    expect(welcome.status).toBe(403);
  });

  it('answers points and lifetime points, and links an e-mail for analytics', async () => {
    const { token } = await signIn(t, 'points@example.com');
    const points = await t.app.request('/api/user/me/points', { headers: headers(token) });
    expect(await points.json()).toEqual({ data: { points: 0, lifetime_points: 0 } });
    const identify = await t.app.request('/api/user/me/identify', {
      method: 'POST', headers: headers(token), body: JSON.stringify({ email: 'Points@Example.com' }),
    });
    expect(identify.status).toBe(200);
    expect((await identify.json()).data.email).toBe('points@example.com');
  });

  it('GET /user/me/points reads the two balances and writes nothing, even on a birthday that GET /user/me would pay', async () => {
    const email = 'birthday-points@example.com';
    const { token } = await signIn(t, email);
    const db = t.testDb.db;
    const user = await db.selectFrom('users').select(['id', 'organization_id']).where('email', '=', email).executeTakeFirstOrThrow();
    const { time_zone } = await db.selectFrom('organizations').select('time_zone').where('id', '=', user.organization_id).executeTakeFirstOrThrow();
    const today = dateInTimeZone(new Date(), time_zone);
    // A birthday today, on the profile for long enough to earn the bonus.
    await db.updateTable('users').set({ birthday: `1992-${today.slice(5)}`, birthday_set_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', user.id).execute();
    const ledgerRows = async () => (await db.selectFrom('ledger_entries').select('id').where('user_id', '=', user.id).execute()).length;

    const res = await t.app.request('/api/user/me/points', { headers: headers(token) });
    expect(await res.json()).toEqual({ data: { points: 0, lifetime_points: 0 } });
    expect(await ledgerRows()).toBe(0);
    // The whole user does pay it: the birthday was real.
    const me = (await (await t.app.request('/api/user/me', { headers: headers(token) })).json()).data;
    expect(me.points).toBeGreaterThan(0);
    expect(await ledgerRows()).toBe(1);
  });

  it('sends the rank progress from the current rank to the next with the user', async () => {
    const email = 'progress@example.com';
    const { token } = await signIn(t, email);
    const { id } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await award(t.testDb.db, { userId: id, amount: 175, kind: 'test', reference: null, idempotencyKey: 'test:175' });
    const me = (await (await t.app.request('/api/user/me', { headers: headers(token) })).json()).data;
    expect(me).toMatchObject({ lifetimePoints: 175, rank: { name: 'P9' }, nextRank: { name: 'P8', pointsRequired: 250 }, rankProgress: { percent: 50, pointsToNext: 75 } });
  });
});
