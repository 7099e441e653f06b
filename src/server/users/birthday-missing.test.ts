import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { newSweepstake } from '../testing/sweepstakes.ts';

// A supporter who has not given a birthday: the under-18 rules apply until they do (before, no birthday
// counted as an adult: gated cards, sweepstake entries, adults-only experiences), and every refusal says
// how to lift them. The welcome and the profile edit stay open, so the birthday can be given.

let t: TestApp;
let token: string;
const SPANISH = { 'Accept-Language': 'es' };
const call = (path: string, init: { method?: string; body?: unknown; extra?: Record<string, string> } = {}) => t.app.request(`/api${path}`, {
  method: init.method ?? 'GET', headers: headers(token, init.extra), ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
});
const me = async () => (await (await call('/user/me')).json()).data;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t, 'no-birthday@example.com'));
  await t.testDb.db.updateTable('users').set({ properties: JSON.stringify({ membership: 'gold' }), points: 500, lifetime_points: 500 })
    .where('email', '=', 'no-birthday@example.com').execute();
});
afterAll(() => t.close());

describe(`a supporter without a birthday (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('is answered as under the under-18 rules, with the reason, and may still welcome itself and edit its profile', async () => {
    expect(await me()).toMatchObject({ birthday: null, underage: true, birthdayMissing: true });
    expect((await call('/user/me/welcome', { method: 'POST' })).status).toBe(201);
  });

  it('sees no gated reward card', async () => {
    const cards = (await (await call('/carousel')).json()).data as Array<{ underageGate: boolean }>;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.filter((c) => c.underageGate)).toEqual([]);
  });

  it('cannot enter a sweepstake, and is told to add a birthday (English and Spanish)', async () => {
    const s = await newSweepstake(t);
    const view = (await (await call(`/sweepstake/${s.id}`)).json()).data;
    expect(view.entry).toMatchObject({ canEnter: false, blockedBy: 'underage' });
    const refused = await call(`/sweepstake/${s.id}/free-entry`, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe('Sweepstakes are for supporters aged 18 or over: add your birthday on your profile to enter.');
    const spanish = await call(`/sweepstake/${s.id}/entry`, { method: 'POST', body: { count: 1 }, extra: SPANISH });
    expect((await spanish.json()).error.message).toMatch(/añade tu fecha de nacimiento/);
  });

  it('cannot ask for an adults-only experience, and is told to add a birthday', async () => {
    const experiences = (await (await call('/experiences')).json()).data as Array<{ id: string; adultsOnly: boolean; state: string }>;
    const adultsOnly = experiences.find((e) => e.adultsOnly)!;
    expect(adultsOnly.state).toBe('adults_only');
    const refused = await call(`/experiences/${adultsOnly.id}/request`, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({
      code: 'experience_adults_only', message: 'This experience is for supporters aged 18 and over: add your birthday on your profile to ask for it.',
    });
  });

  it('is an adult for every rule once the birthday is given', async () => {
    expect((await call('/user/me', { method: 'PATCH', body: { birthday: '1990-05-17' } })).status).toBe(201);
    expect(await me()).toMatchObject({ underage: false, birthdayMissing: false });
    const cards = (await (await call('/carousel')).json()).data as Array<{ underageGate: boolean }>;
    expect(cards.some((c) => c.underageGate)).toBe(true);
  });
});
