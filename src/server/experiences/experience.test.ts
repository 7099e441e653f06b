import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const get = (path: string, token?: string) => t.app.request(`/api${path}`, { headers: headers(token) });
const ask = (token: string, id: string, extra: Record<string, string> = {}) => t.app.request(`/api/experiences/${id}/request`, {
  method: 'POST', headers: headers(token, extra),
});

interface Listed { id: string; slug: string; placesLeft: number; places: number; state: string; requestedAt: string | null }

let counter = 0;
/** A signed-in supporter with a membership (and a birthday): written as the server would have them. */
async function supporter(membership: string, birthday: string | null = '1990-05-17'): Promise<{ token: string; userId: string }> {
  counter += 1;
  const email = `experience-${membership}-${counter}@example.com`;
  const { token } = await signIn(t, email);
  await t.testDb.db.updateTable('users').set({ properties: JSON.stringify({ membership }), birthday }).where('email', '=', email).execute();
  const { id } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token, userId: id };
}
const list = async (token?: string): Promise<Listed[]> => (await (await get('/experiences', token)).json()).data;
const find = async (slug: string, token?: string) => (await list(token)).find((e) => e.slug === slug)!;
const row = (slug: string) => t.testDb.db.selectFrom('experiences').select(['id', 'places', 'places_taken']).where('slug', '=', slug).executeTakeFirstOrThrow();
const requestRows = (experienceId: string) => t.testDb.db.selectFrom('experience_requests').selectAll().where('experience_id', '=', experienceId).execute();
const MINOR_BIRTHDAY = `${new Date().getUTCFullYear() - 15}-01-15`;

describe(`enhanced experiences (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('lists the demo experiences in order with their tiers and places; anonymous callers are asked to sign in', async () => {
    const res = await get('/experiences');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.map((e: Listed) => e.slug)).toEqual(['stadium-tour', 'meet-the-players', 'training-ground-visit', 'riverside-suite-hospitality']);
    expect(Object.keys(data[0]).sort()).toEqual(
      ['adultsOnly', 'description', 'id', 'image', 'places', 'placesLeft', 'requestedAt', 'slug', 'state', 'tiers', 'title', 'unlocked'],
    );
    expect(data[0]).toMatchObject({
      places: 30, placesLeft: 18, adultsOnly: false, unlocked: false, state: 'sign_in', image: '/images/experiences/stadium-tour.svg',
      tiers: [{ slug: 'entry', name: 'Entry' }, { slug: 'supporter', name: 'Supporter' }, { slug: 'gold', name: 'Gold' }],
    });
    expect(data[1]).toMatchObject({ placesLeft: 1, tiers: [{ slug: 'supporter', name: 'Supporter' }, { slug: 'gold', name: 'Gold' }] });
    expect(data[2].tiers).toEqual([{ slug: 'gold', name: 'Gold' }]);
    expect(data[3]).toMatchObject({ adultsOnly: true });
    // Read in Spanish: the tiers by the names the club wrote in Spanish.
    const spanish = (await (await t.app.request('/api/experiences', { headers: headers(undefined, { 'Accept-Language': 'es' }) })).json()).data;
    expect(spanish[1].tiers).toEqual([{ slug: 'supporter', name: 'Abonado' }, { slug: 'gold', name: 'Oro' }]);
  });

  it('tells each supporter what they can do: unlocked by their tier, locked, adults only', async () => {
    const entry = await supporter('entry');
    expect(Object.fromEntries((await list(entry.token)).map((e) => [e.slug, e.state]))).toEqual({
      'stadium-tour': 'available', 'meet-the-players': 'locked', 'training-ground-visit': 'locked', 'riverside-suite-hospitality': 'locked',
    });
    const gold = await supporter('gold');
    expect((await list(gold.token)).map((e) => e.state)).toEqual(['available', 'available', 'available', 'available']);
    const minor = await supporter('gold', MINOR_BIRTHDAY);
    expect((await find('riverside-suite-hospitality', minor.token)).state).toBe('adults_only');
    expect((await find('training-ground-visit', minor.token)).state).toBe('available');
  });

  it('records a request once, takes one place, and answers a second ask as already asked', async () => {
    const { token } = await supporter('entry');
    const { id, places_taken: before } = await row('stadium-tour');
    const first = await ask(token, id);
    expect(first.status).toBe(200);
    const { data } = await first.json();
    expect(data).toMatchObject({ alreadyRequested: false, experience: { slug: 'stadium-tour', state: 'requested', placesLeft: 30 - Number(before) - 1 } });
    expect(Date.parse(data.experience.requestedAt)).toBeGreaterThan(Date.now() - 60_000);

    // By slug as well as by id; nothing more is taken.
    const again = await ask(token, 'stadium-tour');
    expect(again.status).toBe(200);
    expect((await again.json()).data).toMatchObject({ alreadyRequested: true, experience: { requestedAt: data.experience.requestedAt } });
    expect(Number((await row('stadium-tour')).places_taken)).toBe(Number(before) + 1);
    expect((await find('stadium-tour', token)).state).toBe('requested');
  });

  it('refuses a tier that does not unlock it with 403 and the reason, and takes nothing', async () => {
    const { token, userId } = await supporter('entry');
    const { id, places_taken: before } = await row('training-ground-visit');
    const res = await ask(token, id);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatchObject({
      code: 'experience_locked', message: 'Your membership tier does not include this experience. Upgrade your membership to ask for it.',
    });
    expect((await row('training-ground-visit')).places_taken).toBe(before);
    expect((await requestRows(id)).filter((r) => r.user_id === userId)).toEqual([]);
  });

  it('refuses an under-18 supporter where the experience is for adults (403, in their language), not elsewhere', async () => {
    const minor = await supporter('gold', MINOR_BIRTHDAY);
    const { id } = await row('riverside-suite-hospitality');
    const refused = await ask(minor.token, id, { 'Accept-Language': 'es' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({ code: 'experience_adults_only', message: 'Esta experiencia es para mayores de 18 años.' });
    expect((await ask(minor.token, 'training-ground-visit')).status).toBe(200);
    const adult = await supporter('gold', '1990-05-17');
    expect((await ask(adult.token, id)).status).toBe(200);
  });

  it('answers 404 for an unknown experience and 401 without a supporter', async () => {
    const { token } = await supporter('gold');
    const missing = await ask(token, 'no-such-experience');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatchObject({ code: 'not_found', message: 'Experience not found' });
    expect((await ask('pk_demo_terrace', 'stadium-tour')).status).toBe(401);
  });

  it('never oversells: 30 supporters asking at once for the last places get exactly those places', async () => {
    const { id } = await row('training-ground-visit');
    await t.testDb.db.updateTable('experiences').set({ places: 10, places_taken: 3 }).where('id', '=', id).execute();
    const taken = (await requestRows(id)).length;
    await t.testDb.db.updateTable('experiences').set({ places_taken: 3 + taken }).where('id', '=', id).execute();
    const left = 10 - 3 - taken;
    const people = await Promise.all(Array.from({ length: 30 }, () => supporter('gold')));
    const answers = await Promise.all(people.map((p) => ask(p.token, id)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(left);
    expect(statuses.filter((s) => s === 422)).toHaveLength(30 - left);
    const refusals = await Promise.all(answers.filter((r) => r.status === 422).map((r) => r.json()));
    expect(new Set(refusals.map((b) => b.error.code))).toEqual(new Set(['experience_full']));
    expect(await row('training-ground-visit')).toMatchObject({ places: 10, places_taken: 10 });
    expect(await requestRows(id)).toHaveLength(taken + left);
    const late = await supporter('gold');
    expect((await find('training-ground-visit', late.token))).toMatchObject({ placesLeft: 0, state: 'sold_out' });
    const full = await ask(late.token, id);
    expect(full.status).toBe(422);
    expect((await full.json()).error.message).toBe('All places for this experience are taken.');
  });

  it('records one request and takes one place when one supporter asks 20 times at once', async () => {
    const { token, userId } = await supporter('entry');
    const { id, places_taken: before } = await row('stadium-tour');
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(token, id)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(bodies.filter((b) => !b.data.alreadyRequested)).toHaveLength(1);
    expect((await requestRows(id)).filter((r) => r.user_id === userId)).toHaveLength(1);
    expect(Number((await row('stadium-tour')).places_taken)).toBe(Number(before) + 1);
  });

  it('lists the requests for operators behind ADMIN_TOKEN, with whom to e-mail', async () => {
    const unauthorized = await t.app.request('/api/admin/experiences/requests');
    expect(unauthorized.status).toBe(401);
    const res = await t.app.request('/api/admin/experiences/requests', { headers: { Authorization: `Bearer ${t.ownerKey}` } });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.length).toBeGreaterThanOrEqual(10);
    expect(data[0]).toMatchObject({ status: 'pending', experience: { slug: expect.any(String) }, email: expect.stringMatching(/@example\.com$/) });
  });
});
