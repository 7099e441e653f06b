import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newSupporter } from '../testing/sweepstakes.ts';
import { staffTestApp } from '../testing/staff-app.ts';
import type { TestApp } from '../testing/test-app.ts';

// The console's collections of the club lane (reward cards, activations, experiences): every operation,
// the refusals per role, a malformed value per field, the audit entry, and what supporters then see.

let t: TestApp;
let editor: string;
let support: string;
let supporter: string;
let minor: string;
beforeAll(async () => {
  ({ t, editor, support, supporter } = await staffTestApp());
  const young = await newSupporter(t, 0, 'minor');
  await t.testDb.db.updateTable('users').set({ birthday: `${new Date().getUTCFullYear() - 15}-01-01` }).where('id', '=', young.userId).execute();
  minor = young.token;
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
let n = 0;
const unique = () => `club-${(n += 1)}-${Date.now().toString(36)}`;

interface Kind {
  collection: string;
  kind: string;
  valid: () => Record<string, unknown>;
  /** A wrong value for each field the console sends. */
  malformed: Record<string, unknown>;
  change: Record<string, unknown>;
  spanish: Record<string, string>;
  /** The item as a supporter reads it (undefined: not shown), in a language. */
  seen: (id: string, token: string, language?: string) => Promise<Record<string, unknown> | undefined>;
  searchField: string;
}

const listed = async (path: string, token: string, language?: string) =>
  (await (await api(t, path, { token, headers: language ? { 'Accept-Language': language } : {} })).json()).data as Array<Record<string, unknown>>;

const KINDS: Kind[] = [
  {
    collection: 'carousel', kind: 'carousel', searchField: 'title',
    valid: () => ({
      title: `Card ${unique()}`, description: 'Ten per cent off', points: 20, image: '/images/carousel/kit-launch.svg', url: 'https://shop.example/x',
      cta: 'Shop now', icon: 'star', underageGate: false, isAd: true,
    }),
    malformed: {
      title: '', description: 'x'.repeat(501), points: -1, image: 'https://evil.example/x.png', url: 'javascript:alert(1)', cta: 3, icon: 'Not An Icon!',
      underageGate: 'yes', isAd: 1, position: 1.5, startsAt: 'tomorrow', endsAt: '2020-13-01', translations: { es: { title: 'x'.repeat(121) } },
    },
    change: { title: 'Card changed', points: 35 },
    spanish: { title: 'Tarjeta', cta: 'Comprar' },
    seen: async (id, token, language) => (await listed('/carousel', token, language)).find((c) => c['id'] === id),
  },
  {
    collection: 'activations', kind: 'activation', searchField: 'slug',
    valid: () => ({
      slug: unique(), title: 'Match day at the ground', description: 'Scan the poster', badgeName: 'Regular', badgeImage: '/images/badges/matchday-millbank.svg',
      points: 25, startsAt: at(-1), stopsAt: at(24),
    }),
    malformed: {
      slug: 'Not A Slug', title: '', description: 5, badgeName: '', badgeImage: '../x.svg', points: 1.5, startsAt: 'soon', stopsAt: at(-2),
      translations: { es: { badgeName: 'x'.repeat(101) } },
    },
    change: { title: 'Match day changed', points: 40 },
    spanish: { title: 'Día de partido', badgeName: 'Habitual' },
    seen: async (id, token, language) => (await listed('/activations/list', token, language)).find((a) => a['id'] === id),
  },
  {
    collection: 'experiences', kind: 'experience', searchField: 'slug',
    valid: () => ({ slug: unique(), title: 'Stadium tour', description: 'Behind the scenes', image: null, tiers: ['gold'], adultsOnly: false, places: 10 }),
    malformed: {
      slug: '-x', title: 'x'.repeat(201), description: null, image: 'http://x', tiers: ['Gold Tier'], adultsOnly: 'no', places: -3, position: 'first',
      translations: { es: { title: '' } },
    },
    change: { title: 'Stadium tour changed', places: 12 },
    spanish: { title: 'Visita al estadio' },
    seen: async (id, token, language) => (await listed('/experiences', token, language)).find((e) => e['id'] === id),
  },
];

for (const k of KINDS) {
  describe(`/api/admin/${k.collection} (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
    const base = `/admin/${k.collection}`;
    const create = (body: unknown, token = t.ownerKey, language?: string) =>
      api(t, base, { method: 'POST', token, body, headers: language ? { 'Accept-Language': language } : {} });

    it('refuses each operation to support (writes), to a supporter, and to no key', async () => {
      const { data: item } = await (await create(k.valid())).json();
      const writes: Array<[string, string, unknown]> = [
        ['POST', base, k.valid()], ['PUT', `${base}/${item.id}`, { ...k.valid(), ...k.change }], ['POST', `${base}/${item.id}/duplicate`, undefined],
        ['POST', `${base}/${item.id}/archive`, undefined], ['POST', `${base}/${item.id}/publish`, undefined],
      ];
      for (const [method, path, body] of writes) {
        expect((await api(t, path, { method, token: support, body })).status, `${method} ${path} by support`).toBe(403);
        expect((await api(t, path, { method, token: supporter, body })).status, `${method} ${path} by a supporter`).toBe(403);
        expect((await api(t, path, { method, token: 'nope', body })).status).toBe(401);
      }
      for (const path of [base, `${base}/${item.id}`]) {
        expect((await api(t, path, { token: support })).status).toBe(200);
        expect((await api(t, path, { token: supporter })).status).toBe(403);
      }
      expect((await api(t, `${base}/no-such-thing`)).status).toBe(401);
      expect((await api(t, `${base}/no-such-thing`, { token: editor })).status).toBe(404);
    });

    it('refuses a malformed value of each field with 422 naming it, in the request\'s language, and stores nothing', async () => {
      const before = (await (await api(t, `${base}?limit=100`, { token: editor })).json()).data.total;
      for (const [field, value] of Object.entries(k.malformed)) {
        const body = field === 'translations' ? { ...k.valid(), translations: value } : { ...k.valid(), [field]: value };
        const res = await create(body, editor, 'es');
        expect(res.status, field).toBe(422);
        const { error } = await res.json();
        expect(error.code).toBe('validation_failed');
        const named = Object.keys(error.details);
        expect(named.some((name) => name === field || name.startsWith(`${field}.`)), `${field}: ${named.join(', ')}`).toBe(true);
        expect(error.message).toMatch(/[áéíóúñ]|datos|valor|campo/i);
      }
      // A save is checked the same way.
      const { data: item } = await (await create(k.valid(), editor)).json();
      for (const [field, value] of Object.entries(k.malformed)) {
        const res = await api(t, `${base}/${item.id}`, { method: 'PUT', token: editor, body: { ...k.valid(), [field]: value } });
        expect(res.status, `PUT ${field}`).toBe(422);
      }
      expect((await api(t, `${base}/${item.id}`, { method: 'PUT', token: editor, body: { ...k.valid(), unknownField: 1 } })).status).toBe(422);
      expect((await api(t, `${base}/${item.id}`, { method: 'PUT', token: editor, body: k.change })).status, 'a part of the item').toBe(422);
      expect((await (await api(t, `${base}?limit=100`, { token: editor })).json()).data.total).toBe(before + 1);
    });

    it('makes a draft an editor publishes, changes, copies and archives; each write in the audit trail with before and after', async () => {
      const res = await create({ ...k.valid(), translations: { es: k.spanish } }, editor);
      expect(res.status).toBe(201);
      const { data: made } = await res.json();
      expect(made).toMatchObject({ status: 'draft', draft: true, archivedAt: null, translations: { es: k.spanish } });
      // A draft is the console's alone.
      expect(await k.seen(made.id, supporter)).toBeUndefined();
      const published = await api(t, `${base}/${made.id}/publish`, { method: 'POST', token: editor });
      expect(published.status).toBe(200);
      expect((await published.json()).data).toMatchObject({ status: 'live', draft: false });
      const english = await k.seen(made.id, supporter, 'en');
      expect(english).toBeDefined();
      const spanish = await k.seen(made.id, supporter, 'es');
      for (const [field, text] of Object.entries(k.spanish)) {
        const value = field === 'badgeName' ? (spanish?.['badge'] as { name: string }).name : spanish?.[field];
        expect(value, field).toBe(text);
      }
      // Saved whole: what the body leaves out takes its default (no description), the status stays.
      const whole: Record<string, unknown> = { ...k.valid(), ...('slug' in made && { slug: made.slug }), translations: { es: k.spanish }, ...k.change };
      delete whole['description'];
      const changed = await api(t, `${base}/${made.id}`, { method: 'PUT', token: editor, body: whole });
      expect(changed.status).toBe(200);
      expect((await changed.json()).data).toMatchObject({ ...k.change, description: '', status: 'live' });
      expect(await k.seen(made.id, supporter, 'en')).toMatchObject(Object.fromEntries(Object.entries(k.change).filter(([f]) => f !== 'places')));

      const copied = await api(t, `${base}/${made.id}/duplicate`, { method: 'POST', token: editor });
      expect(copied.status).toBe(201);
      const { data: copy } = await copied.json();
      expect(copy.id).not.toBe(made.id);
      expect(copy).toMatchObject({ status: 'draft', ...k.change });
      if ('slug' in made) expect(copy.slug).toBe(`${made.slug}-copy`);
      expect(await k.seen(copy.id, supporter)).toBeUndefined();

      const archived = await api(t, `${base}/${made.id}/archive`, { method: 'POST', token: editor });
      expect((await archived.json()).data).toMatchObject({ status: 'archived' });
      expect(await k.seen(made.id, supporter)).toBeUndefined();

      const history = (await (await api(t, `/admin/audit?kind=${k.kind}&subject=${made.id}`, { token: t.ownerKey })).json()).data.entries as Array<Record<string, any>>;
      expect(history.map((e) => e.action).reverse()).toEqual([`${k.kind}.create`, `${k.kind}.publish`, `${k.kind}.update`, `${k.kind}.archive`]);
      const update = history.find((e) => e.action === `${k.kind}.update`)!;
      expect(update.actor).toMatchObject({ type: 'api_key', role: 'editor' });
      expect(update.before).toMatchObject({ id: made.id, status: 'live' });
      expect(update.after).toMatchObject({ id: made.id, ...k.change });
      expect(history.find((e) => e.action === `${k.kind}.create`)!.before).toBeNull();
      const copyEntry = (await (await api(t, `/admin/audit?kind=${k.kind}&subject=${copy.id}`, { token: t.ownerKey })).json()).data.entries[0];
      expect(copyEntry).toMatchObject({ action: `${k.kind}.duplicate`, before: { from: made.id }, after: { id: copy.id } });
    });

    it('lists by status, searches and pages', async () => {
      const marker = unique();
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const body = k.valid();
        body[k.searchField] = k.searchField === 'slug' ? `${marker}-${i}` : `${marker} ${i}`;
        ids.push((await (await create({ ...body, draft: i === 0 })).json()).data.id);
      }
      const page = async (query: string) => (await (await api(t, `${base}?${query}`, { token: support })).json()).data;
      const all = await page(`q=${marker}`);
      expect(all.total).toBe(3);
      expect((await page(`q=${marker}&status=draft`)).items.map((i: { id: string }) => i.id)).toEqual([ids[0]]);
      expect((await page(`q=${marker}&status=live`)).total).toBe(2);
      const first = await page(`q=${marker}&limit=2&page=1`);
      const second = await page(`q=${marker}&limit=2&page=2`);
      expect([first.pages, first.items.length, second.items.length]).toEqual([2, 2, 1]);
      expect(new Set([...first.items, ...second.items].map((i: { id: string }) => i.id))).toEqual(new Set(ids));
      expect((await api(t, `${base}?status=gone`, { token: support })).status).toBe(422);
      expect((await api(t, `${base}?page=0`, { token: support })).status).toBe(422);
      expect((await page(`q=${encodeURIComponent('%')}`)).items.every((i: Record<string, string>) => i[k.searchField]!.includes('%'))).toBe(true);
    });
  });
}

describe(`the club's reward cards for supporters (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('follow the five built-in cards; a gated one never reaches an under-18; a scheduled one shows from its start; dismissable', async () => {
    const make = async (body: Record<string, unknown>) => (await (await api(t, '/admin/carousel', {
      method: 'POST', token: editor,
      body: { title: `Gated ${unique()}`, points: 5, image: '/images/carousel/brewery-pint.svg', url: '/challenges', cta: 'Go', icon: 'gift', draft: false, ...body },
    })).json()).data;
    const gated = await make({ underageGate: true });
    const later = await make({ startsAt: at(1) });
    const adult = await listed('/carousel', supporter);
    expect(adult.slice(0, 5).map((c) => c['id'])).toEqual(['matchday-checkin', 'kit-launch', 'brewery-pint', 'challenge-week', 'odds-partner']);
    expect(adult.map((c) => c['id'])).toContain(gated.id);
    expect(adult.map((c) => c['id'])).not.toContain(later.id);
    expect((await listed('/carousel', minor)).map((c) => c['id'])).not.toContain(gated.id);
    expect((await api(t, `/carousel/${gated.id}`, { method: 'DELETE', token: supporter })).status).toBe(200);
    expect((await listed('/carousel', supporter)).map((c) => c['id'])).not.toContain(gated.id);
    await t.testDb.db.updateTable('carousel_cards').set({ starts_at: at(-1) }).where('id', '=', later.id).execute();
    expect((await listed('/carousel', supporter)).map((c) => c['id'])).toContain(later.id);
  });

  it('leaves out a stored card that fails its schema, never failing the list', async () => {
    const { data: card } = await (await api(t, '/admin/carousel', {
      method: 'POST', token: editor,
      body: { title: `Broken ${unique()}`, points: 5, image: '/images/carousel/brewery-pint.svg', url: '/challenges', cta: 'Go', icon: 'gift', draft: false },
    })).json();
    await t.testDb.db.updateTable('carousel_cards').set({ url: 'javascript:alert(1)' }).where('id', '=', card.id).execute();
    const res = await api(t, '/carousel', { token: supporter });
    expect(res.status).toBe(200);
    expect(((await res.json()).data as Array<{ id: string }>).map((c) => c.id)).not.toContain(card.id);
  });
});

describe(`activation posters (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it("answers the QR code's address with each activation, and the SVG there", async () => {
    const { data } = await (await api(t, '/admin/activations', {
      method: 'POST', token: editor,
      body: { slug: unique(), title: 'Poster', badgeName: 'Poster', badgeImage: '/images/badges/matchday-millbank.svg', points: 0, startsAt: at(-1), stopsAt: at(1) },
    })).json();
    expect(data.qrCode).toBe(`/api/admin/activations/${data.slug}/qr.svg`);
    const svg = await t.app.request(data.qrCode, { headers: { Authorization: `Bearer ${support}` } });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
  });
});

describe('the OpenAPI document', () => {
  it('lists every operation of the club lane', async () => {
    const { paths } = await (await t.app.request('/api/openapi.json')).json();
    for (const collection of ['carousel', 'activations', 'experiences', 'sweepstakes']) {
      expect(Object.keys(paths[`/admin/${collection}`]).sort(), collection).toEqual(['get', 'post']);
      expect(Object.keys(paths[`/admin/${collection}/{id}`]).sort(), collection).toEqual(['get', 'put']);
      for (const action of ['duplicate', 'archive', 'publish']) expect(paths[`/admin/${collection}/{id}/${action}`]?.post, `${collection} ${action}`).toBeDefined();
    }
    expect(Object.keys(paths['/admin/settings']).sort()).toEqual(['get', 'patch']);
    expect(paths['/admin/settings/crest'].post).toBeDefined();
  });
});
