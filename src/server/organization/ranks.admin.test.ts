import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../testing/sweepstakes.ts';
import { staffTestApp } from '../testing/staff-app.ts';
import type { TestApp } from '../testing/test-app.ts';

// The ranks' names and perks in the console (/api/admin/ranks): the owner's alone, each text checked by the
// schema supporters' answers read it with, audited; supporters see them in their language, else English.

let t: TestApp;
let editor: string;
let support: string;
let supporter: string;
beforeAll(async () => {
  ({ t, editor, support, supporter } = await staffTestApp());
});
afterAll(() => t.close());

const put = (name: string, body: unknown, token = t.ownerKey) => api(t, `/admin/ranks/${name}`, { method: 'PUT', token, body, headers: { 'Accept-Language': 'es' } });
const me = async (language: string) => (await (await api(t, '/user/me', { token: supporter, headers: { 'Accept-Language': language } })).json()).data;

describe(`/api/admin/ranks (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it("is the owner's alone: an editor, support and a supporter are refused reading and writing", async () => {
    for (const token of [editor, support, supporter]) {
      expect((await api(t, '/admin/ranks', { token })).status).toBe(403);
      expect((await put('P10', { title: 'Rookie', perk: 'Hi.' }, token)).status).toBe(403);
    }
    const { data } = await (await api(t, '/admin/ranks', { token: t.ownerKey })).json();
    expect(data.map((r: { name: string }) => r.name)).toEqual(['P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1']);
    // The demo club's names, in both languages.
    expect(data[1]).toEqual({ name: 'P9', pointsRequired: 100, title: 'Regular', perk: 'Stories made for P9 supporters.', translations: { es: { title: 'Habitual', perk: 'Historias hechas para la afición P9.' } } });
  });

  it('saves a rank\'s texts, audited before and after; supporters see them in their language, English where none was written', async () => {
    const res = await put('P10', { title: 'Rookie', perk: 'Your first steps.', translations: { es: { title: 'Novato' } } });
    expect(res.status).toBe(200);
    expect((await me('es')).rank).toEqual({ name: 'P10', title: 'Novato', perk: 'Your first steps.' });
    expect((await me('en')).rank).toEqual({ name: 'P10', title: 'Rookie', perk: 'Your first steps.' });
    const [entry] = (await (await api(t, '/admin/audit?kind=rank', { token: t.ownerKey })).json()).data.entries;
    expect(entry).toMatchObject({ action: 'rank.update', subjectId: 'P10', before: { title: 'Debut' }, after: { title: 'Rookie', translations: { es: { title: 'Novato' } } } });
    // Blank: the rank shows by its code alone.
    expect((await put('P10', { title: '', perk: '' })).status).toBe(200);
    expect((await me('es')).rank).toEqual({ name: 'P10', title: null, perk: null });
  });

  it('refuses a text that does not fit with a 422 naming the field, and a code that is no rank, changing nothing', async () => {
    const before = (await (await api(t, '/admin/ranks', { token: t.ownerKey })).json()).data;
    const bad = { title: 'x'.repeat(41), perk: 'y'.repeat(141), translations: { es: { title: 'a\u0007b' } } };
    for (const [field, value] of Object.entries(bad)) {
      const res = await put('P9', { title: 'Fine', perk: 'Fine.', [field]: value });
      expect(res.status, field).toBe(422);
      const named = Object.keys((await res.json()).error.details);
      expect(named.some((f) => f === field || f.startsWith(`${field}.`)), `${field}: ${named.join(', ')}`).toBe(true);
    }
    expect((await put('P11', { title: 'Nope', perk: '' })).status).toBe(422);
    expect((await put('P9', { title: 'Nope' })).status).toBe(422);
    expect((await (await api(t, '/admin/ranks', { token: t.ownerKey })).json()).data).toEqual(before);
  });
});
