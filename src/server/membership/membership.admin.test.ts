import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../testing/sweepstakes.ts';
import { staffTestApp } from '../testing/staff-app.ts';
import type { TestApp } from '../testing/test-app.ts';
import { addLaterDemoContent } from '../organization/demo.ts';

// The membership tiers' words in the console (/api/admin/membership-tiers): the owner's alone, each text checked by
// the schema supporters' answers read it with, audited; supporters see them in their language, else English.

let t: TestApp;
let roles: { editor: string; support: string; supporter: string };
beforeAll(async () => {
  const staff = await staffTestApp();
  t = staff.t;
  roles = staff;
});
afterAll(() => t.close());

const SUPPORTER_TIER = {
  name: 'Supporter', description: 'For regulars on the terrace.', perks: ['Polls first', 'A badge'], priceLabel: 'Free',
};
const put = (slug: string, body: unknown, token = t.ownerKey) => api(t, `/admin/membership-tiers/${slug}`, { method: 'PUT', token, body, headers: { 'Accept-Language': 'es' } });
const tiers = async () => (await (await api(t, '/admin/membership-tiers', { token: t.ownerKey })).json()).data;
const read = async (path: string, language: string) => (await (await api(t, path, { token: roles.supporter, headers: { 'Accept-Language': language } })).json()).data;

describe(`/api/admin/membership-tiers (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it("is the owner's alone: an editor, support and a supporter are refused reading and writing", async () => {
    for (const token of [roles.editor, roles.support, roles.supporter]) {
      expect((await api(t, '/admin/membership-tiers', { token })).status).toBe(403);
      expect((await put('supporter', SUPPORTER_TIER, token)).status).toBe(403);
    }
    const data = await tiers();
    expect(data.map((tier: { slug: string }) => tier.slug)).toEqual(['entry', 'supporter', 'gold']);
    // The demo club's words, in both languages.
    expect(data[0]).toMatchObject({
      slug: 'entry', isPaid: false, position: 0, name: 'Entry', priceLabel: 'Free',
      translations: { es: { name: 'Básica', priceLabel: 'Gratis', perks: expect.arrayContaining(['Gana puntos y sube de rango']) } },
    });
  });

  it("saves a tier's words, audited before and after; supporters see them in their language, English where none was written", async () => {
    const res = await put('supporter', { ...SUPPORTER_TIER, translations: { es: { name: 'Socio', perks: ['Encuestas antes que nadie'] } } });
    expect(res.status).toBe(200);
    expect(await read('/membership/tiers/supporter', 'es')).toMatchObject({
      name: 'Socio', description: 'For regulars on the terrace.', perks: ['Encuestas antes que nadie'], priceLabel: 'Free', isPaid: false,
    });
    expect(await read('/membership/tiers/supporter', 'en')).toMatchObject({ name: 'Supporter', perks: ['Polls first', 'A badge'] });
    expect((await read('/membership/tiers', 'es')).map((tier: { name: string }) => tier.name)).toEqual(['Básica', 'Socio', 'Oro']);
    const [entry] = (await (await api(t, '/admin/audit?kind=membership', { token: t.ownerKey })).json()).data.entries;
    expect(entry).toMatchObject({
      action: 'membership.update', subjectId: 'supporter',
      before: { name: 'Supporter', translations: { es: { name: 'Abonado' } } }, after: { name: 'Supporter', translations: { es: { name: 'Socio' } } },
    });
    // Choosing it answers with the tier's name in the supporter's language.
    const chosen = await api(t, '/membership/choose', { method: 'POST', token: roles.supporter, body: { membership: 'supporter' }, headers: { 'Accept-Language': 'es' } });
    expect((await chosen.json()).data.message).toContain('Socio');
    // An empty Spanish perk list is "not written": the English ones show.
    expect((await put('supporter', { ...SUPPORTER_TIER, translations: { es: { perks: [] } } })).status).toBe(200);
    expect(await read('/membership/me', 'es')).toMatchObject({ membership: 'supporter', tier: { name: 'Supporter', perks: ['Polls first', 'A badge'] } });
  });

  it('refuses words that do not fit with a 422 naming the field, and a tier the club has not, changing nothing', async () => {
    const before = await tiers();
    const bad = {
      name: ' ', description: 'd'.repeat(201), perks: ['p'.repeat(81)], priceLabel: '', translations: { es: { name: 'a\u0007b' } },
    };
    for (const [field, value] of Object.entries(bad)) {
      const res = await put('gold', { ...SUPPORTER_TIER, [field]: value });
      expect(res.status, field).toBe(422);
      const named = Object.keys((await res.json()).error.details);
      expect(named.some((f) => f === field || f.startsWith(`${field}.`)), `${field}: ${named.join(', ')}`).toBe(true);
    }
    expect((await put('gold', { ...SUPPORTER_TIER, perks: Array.from({ length: 9 }, (_, i) => `perk ${i}`) })).status).toBe(422);
    expect((await put('platinum', SUPPORTER_TIER)).status).toBe(404);
    expect((await put('Not A Slug', SUPPORTER_TIER)).status).toBe(422);
    expect(await tiers()).toEqual(before);
  });

  it('gives a demo database made before the Spanish texts the demo\'s at the next start; once a tier has some, an owner\'s blank stays blank', async () => {
    const db = t.testDb.db;
    await db.updateTable('membership_tiers').set({ translations: '{}' }).execute();
    expect((await read('/membership/tiers', 'es')).map((tier: { name: string }) => tier.name)).toEqual(['Entry', 'Supporter', 'Gold']);
    expect(await addLaterDemoContent(db)).toBe(1);
    expect((await read('/membership/tiers', 'es')).map((tier: { name: string }) => tier.name)).toEqual(['Básica', 'Abonado', 'Oro']);
    // The owner clears Supporter's Spanish: the next start leaves it cleared.
    expect((await put('supporter', SUPPORTER_TIER)).status).toBe(200);
    expect(await addLaterDemoContent(db)).toBe(0);
    expect((await read('/membership/tiers', 'es')).map((tier: { name: string }) => tier.name)).toEqual(['Básica', 'Supporter', 'Oro']);
  });
});
