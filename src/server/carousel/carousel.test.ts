import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { DEMO_CARDS } from './carousel.demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (token: string, language?: string) =>
  t.app.request('/api/carousel', { headers: headers(token, language ? { 'Accept-Language': language } : {}) });
const dismiss = (token: string, id: string) =>
  t.app.request(`/api/carousel/${encodeURIComponent(id)}`, { method: 'DELETE', headers: headers(token) });
const ids = async (token: string) => ((await (await list(token)).json()).data as Array<{ id: string }>).map((c) => c.id);

const ALL = DEMO_CARDS.map((c) => c.id);
const GATED = DEMO_CARDS.filter((c) => c.underageGate).map((c) => c.id);

/** A supporter, an adult unless told otherwise (null: no birthday given). */
async function supporter(name: string, birthday: string | null = bornYearsAgo(30)): Promise<string> {
  const { token } = await signIn(t, `${name}@example.com`);
  if (birthday) {
    const res = await t.app.request('/api/user/me', { method: 'PATCH', headers: headers(token), body: JSON.stringify({ birthday }) });
    expect(res.status).toBe(201);
  }
  return token;
}

/** A birthday `years` years ago today, give or take a few days (never on the edge of a birthday). */
const bornYearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-01-01`;

describe(`reward carousel (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('needs a signed-in supporter', async () => {
    expect((await list('pk_demo_terrace')).status).toBe(401);
    expect((await dismiss('pk_demo_terrace', 'kit-launch')).status).toBe(401);
  });

  it('lists the five demo cards with every field of the spec, in the request\'s language', async () => {
    const token = await supporter('carousel-shape');
    const res = await list(token);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toHaveLength(5);
    for (const card of data) {
      expect(Object.keys(card).sort()).toEqual(['cta', 'description', 'icon', 'id', 'image', 'isAd', 'points', 'title', 'underageGate', 'url']);
      expect(card.image).toMatch(/^\/images\/carousel\/[a-z-]+\.svg$/);
    }
    expect(data[1]).toMatchObject({ id: 'kit-launch', title: 'The new home kit is here', points: 50, isAd: true, underageGate: false, icon: 'star' });
    expect(data.some((c: { isAd: boolean }) => !c.isAd)).toBe(true);
    const spanish = (await (await list(token, 'es')).json()).data;
    expect(spanish[1]).toMatchObject({ id: 'kit-launch', title: 'Ya está aquí la nueva equipación', cta: 'Ver la equipación' });
  });

  it('hides a dismissed card for good, only for that supporter', async () => {
    const ana = await supporter('carousel-ana');
    const ben = await supporter('carousel-ben');
    const res = await dismiss(ana, 'kit-launch');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { id: 'kit-launch', dismissed: true } });
    expect(await ids(ana)).toEqual(ALL.filter((id) => id !== 'kit-launch'));
    // A new session of the same supporter: still gone.
    const again = (await signIn(t, 'carousel-ana@example.com')).token;
    expect(await ids(again)).not.toContain('kit-launch');
    expect(await ids(ben)).toEqual(ALL);
  });

  it('answers a repeated dismissal the same way (idempotent), in parallel too', async () => {
    const token = await supporter('carousel-twice');
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => dismiss(token, 'challenge-week')));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await dismiss(token, 'challenge-week')).status).toBe(200);
    expect(await ids(token)).toEqual(ALL.filter((id) => id !== 'challenge-week'));
    const rows = await t.testDb.db.selectFrom('carousel_dismissals').select('card_id').where('card_id', '=', 'challenge-week').execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for an unknown card, and stores nothing', async () => {
    const token = await supporter('carousel-unknown');
    const res = await dismiss(token, 'no-such-card');
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({ code: 'not_found', message: 'There is no carousel card "no-such-card".' });
    expect(await ids(token)).toEqual(ALL);
  });

  it('never lists underageGate cards to a supporter under 18 or one without a birthday yet; an adult sees them', async () => {
    expect(GATED.length).toBeGreaterThan(0);
    const minor = await supporter('carousel-minor', bornYearsAgo(15));
    expect(await ids(minor)).toEqual(ALL.filter((id) => !GATED.includes(id)));
    const unknown = await supporter('carousel-no-birthday', null);
    expect(await ids(unknown)).toEqual(ALL.filter((id) => !GATED.includes(id)));
    const adult = await supporter('carousel-adult', bornYearsAgo(30));
    expect(await ids(adult)).toEqual(ALL);
  });
});
