import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorKey } from '../testing/operators.ts';
import { api, endNow, enter, newSupporter } from '../testing/sweepstakes.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// The console's sweepstakes (/api/admin/sweepstakes): list, one with its public record, changes before it
// starts, a draft copy, archive, publish; the draw and the cancel for owners alone.

let t: TestApp;
let editor: string;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = await operatorKey(t.testDb.db, 'editor');
  support = await operatorKey(t.testDb.db, 'support');
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
let n = 0;
const body = (over: Record<string, unknown> = {}) => ({
  slug: `console-${(n += 1)}-${Date.now().toString(36)}`, title: 'Signed shirt', description: 'Win the captain\'s shirt.', prize: 'a signed shirt',
  prizeValue: 120, currency: 'GBP', sponsor: 'Kit Partner', costPerEntry: 20, maxEntriesPerSupporter: 3, winnerCount: 1,
  startsAt: at(1), endsAt: at(48), ...over,
});
const create = async (over: Record<string, unknown> = {}, token = editor) => {
  const res = await api(t, '/admin/sweepstakes', { method: 'POST', token, body: body(over) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).data as { sweepstakeId: string; slug: string };
};
const get = async (id: string, token = support) => (await (await api(t, `/admin/sweepstakes/${id}`, { token })).json()).data;
/** A save: the whole sweepstake (its own slug unless `change` says another) with `change` laid over it. */
const save = (made: { sweepstakeId: string; slug: string }, change: Record<string, unknown>, token = editor, language?: string) =>
  api(t, `/admin/sweepstakes/${made.sweepstakeId}`, {
    method: 'PUT', token, body: body({ slug: made.slug, ...change }), headers: language ? { 'Accept-Language': language } : {},
  });
const seen = async (slug: string, language = 'en') => {
  const res = await api(t, `/sweepstake/${slug}`, { headers: { 'Accept-Language': language } });
  return res.status === 200 ? (await res.json()).data : undefined;
};

describe(`/api/admin/sweepstakes (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('makes a draft in two languages with its rules; supporters see it only once published, in their language', async () => {
    const made = await create({ draft: true, rules: 'One prize per household.', translations: { es: { title: 'Camiseta firmada', prize: 'una camiseta firmada', rules: 'Un premio por hogar.' } } });
    const view = await get(made.sweepstakeId);
    expect(view).toMatchObject({ status: 'draft', draft: true, phase: 'coming_soon', rules: 'One prize per household.', editable: true, record: null });
    expect(view.translations.es).toEqual({ title: 'Camiseta firmada', prize: 'una camiseta firmada', rules: 'Un premio por hogar.' });
    expect(await seen(made.slug)).toBeUndefined();
    expect((await api(t, `/admin/sweepstakes/${made.sweepstakeId}/publish`, { method: 'POST', token: editor })).status).toBe(200);
    expect(await seen(made.slug)).toMatchObject({ title: 'Signed shirt', prize: 'a signed shirt' });
    const spanish = await seen(made.slug, 'es');
    expect(spanish).toMatchObject({ title: 'Camiseta firmada', prize: 'una camiseta firmada', description: "Win the captain's shirt." });
    // The rules PDF in each language, made from the club's rules.
    const english = await seen(made.slug);
    expect(english.rulesUrl).not.toBe(spanish.rulesUrl);
    const pdf = await t.app.request(english.rulesUrl);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('changes one before it starts (the rules PDF made again), and refuses once it has started', async () => {
    const made = await create({ rules: 'First rules.' });
    const firstPdf = (await seen(made.slug)).rulesUrl;
    const res = await save(made, { costPerEntry: 25, maxEntriesPerSupporter: 4, rules: 'Second rules.', endsAt: at(72) });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ costPerEntry: 25, maxEntriesPerSupporter: 4, rules: 'Second rules.' });
    expect((await seen(made.slug)).rulesUrl).not.toBe(firstPdf);
    await t.testDb.db.updateTable('sweepstakes').set({ starts_at: at(-1) }).where('id', '=', made.sweepstakeId).execute();
    const late = await save(made, { costPerEntry: 1 }, editor, 'es');
    expect(late.status).toBe(422);
    expect((await late.json()).error).toMatchObject({ code: 'sweepstake_started' });
    expect((await get(made.sweepstakeId)).editable).toBe(false);
  });

  it('refuses a malformed value of each field with 422 naming it', async () => {
    const made = await create();
    const bad: Record<string, unknown> = {
      slug: 'Bad Slug', title: '', description: 'x'.repeat(2001), prize: '', prizeValue: -1, currency: 'pounds', sponsor: '', mediaId: 'http://x',
      costPerEntry: 0, maxEntriesPerSupporter: 1001, winnerCount: 0, startsAt: 'now', endsAt: at(-100), rules: 'x'.repeat(20_001),
      translations: { es: { title: 'x'.repeat(121) } },
    };
    for (const [field, value] of Object.entries(bad)) {
      const res = await save(made, { [field]: value });
      expect(res.status, field).toBe(422);
      const named = Object.keys((await res.json()).error.details ?? {});
      expect(named.some((f) => f === field || f.startsWith(`${field}.`)), `${field}: ${named.join(', ')}`).toBe(true);
      const created = await api(t, '/admin/sweepstakes', { method: 'POST', token: editor, body: body({ [field]: value }) });
      expect(created.status, `create ${field}`).toBe(422);
    }
    const taken = await save(made, { slug: (await create()).slug });
    expect(taken.status).toBe(422);
    expect(Object.keys((await taken.json()).error.details)).toEqual(['slug']);
  });

  it('lets an editor run one up to the draw, and only an owner draw or cancel it; the draw\'s public record on its page', async () => {
    const made = await create({ startsAt: at(-2) });
    const fan = await newSupporter(t, 100, 'console-fan');
    expect((await enter(t, made.sweepstakeId, fan.token, 2)).status).toBe(200);
    await endNow(t, made.sweepstakeId);
    for (const token of [editor, support]) {
      expect((await api(t, `/admin/sweepstakes/${made.sweepstakeId}/draw`, { method: 'POST', token })).status).toBe(403);
      expect((await api(t, `/admin/sweepstakes/${made.sweepstakeId}/cancel`, { method: 'POST', token })).status).toBe(403);
    }
    expect((await api(t, `/admin/sweepstakes/${made.sweepstakeId}/draw`, { method: 'POST', token: fan.token })).status).toBe(403);
    expect((await api(t, `/admin/sweepstakes/${made.sweepstakeId}/archive`, { method: 'POST', token: editor })).status).toBe(200);
    // An archived sweepstake is nobody's to draw; published again it is not (archiving is for good).
    expect((await api(t, `/admin/sweepstakes/${made.sweepstakeId}/draw`, { method: 'POST', token: t.ownerKey })).status).toBe(422);
    await t.testDb.db.updateTable('sweepstakes').set({ archived_at: null }).where('id', '=', made.sweepstakeId).execute();
    const drawn = await api(t, `/admin/sweepstakes/${made.sweepstakeId}/draw`, { method: 'POST', token: t.ownerKey });
    expect(drawn.status).toBe(200);
    const view = await get(made.sweepstakeId);
    expect(view.status).toBe('ended');
    expect(view.record).toMatchObject({ seed: expect.stringMatching(/^[a-f0-9]{64}$/), entriesHash: expect.stringMatching(/^[a-f0-9]{64}$/), winners: [{ position: 1 }] });
    const history = (await (await api(t, `/admin/audit?kind=sweepstake&subject=${made.sweepstakeId}`, { token: t.ownerKey })).json()).data.entries;
    expect(history.map((e: { action: string }) => e.action).reverse()).toEqual(['sweepstake.create', 'sweepstake.archive', 'sweepstake.draw']);
    expect(history[1]).toMatchObject({ before: { archivedAt: null }, after: { status: 'archived' } });
  });

  it('archives only what is not live; copies into a draft with a seed of its own; lists by status and search', async () => {
    const live = await create({ startsAt: at(-1), slug: `findme-${Date.now().toString(36)}` });
    const res = await api(t, `/admin/sweepstakes/${live.sweepstakeId}/archive`, { method: 'POST', token: editor });
    expect(res.status).toBe(422);
    expect((await res.json()).error.code).toBe('sweepstake_live');
    const copy = await api(t, `/admin/sweepstakes/${live.sweepstakeId}/duplicate`, { method: 'POST', token: editor });
    expect(copy.status).toBe(201);
    const { data } = await copy.json();
    const original = await get(live.sweepstakeId);
    expect(data).toMatchObject({ status: 'draft', slug: `${live.slug}-copy`, title: original.title, totalEntries: 0 });
    expect(data.commitment).not.toBe(original.commitment);
    const list = async (q: string) => (await (await api(t, `/admin/sweepstakes?${q}`, { token: support })).json()).data;
    expect((await list(`q=findme&status=live`)).items.map((s: { id: string }) => s.id)).toEqual([live.sweepstakeId]);
    expect((await list(`q=findme&status=draft`)).items.map((s: { id: string }) => s.id)).toEqual([data.id]);
    expect((await list(`q=findme&limit=1`)).pages).toBe(2);
    expect((await api(t, '/admin/sweepstakes', { token: (await newSupporter(t)).token })).status).toBe(403);
    expect((await save(live, { title: 'x' }, support)).status).toBe(403);
    expect((await api(t, `/admin/sweepstakes/${live.sweepstakeId}/duplicate`, { method: 'POST', token: support })).status).toBe(403);
    expect((await api(t, '/admin/sweepstakes/not-an-id', { token: support })).status).toBe(404);
  });
});
