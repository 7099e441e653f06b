import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { call, expectFieldRefusals, expectRefusals, historyOf, hoursFromNow, useConsoleApp, type Callers } from './console-test.ts';

let t: TestApp;
let who: Callers;
useConsoleApp((app, callers) => { t = app; who = callers; });

const story = (over: Record<string, unknown> = {}) => ({
  title: 'Match day live', type: 'live', startsAt: hoursFromNow(-1), stopsAt: hoursFromNow(24), value: 5,
  chapters: [
    { mediaId: '/images/stories/matchday-live-1.webp', caption: 'Gates open', translations: { es: { caption: 'Se abren las puertas' } } },
    { mediaId: '/images/stories/matchday-live-2.webp', caption: 'Team sheet', sponsorUrl: 'https://sponsor.example/offer' },
  ],
  translations: { es: { title: 'Día de partido en directo' } },
  ...over,
});
const supporterStory = (id: string, token = who.supporter, language?: string) => call(t, 'GET', `/content/stories/${id}`, token, undefined, language);

describe(`console stories (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('creates a draft supporters never see, publishes it, and shows it in their language', async () => {
    const made = await call(t, 'POST', '/admin/stories', who.editor, story());
    expect(made.status).toBe(201);
    const s = made.body.data;
    expect(s).toMatchObject({ title: 'Match day live', type: 'live', rankGate: null, value: 5, draft: true, status: 'draft', archivedAt: null });
    expect(s.chapters.map((c: { orderIndex: number }) => c.orderIndex)).toEqual([0, 1]);
    expect(s.chapters[0].translations).toEqual({ es: { caption: 'Se abren las puertas' } });
    expect(s.chapters[1].sponsorUrl).toBe('https://sponsor.example/offer');
    expect((await supporterStory(s.id)).status).toBe(404);
    expect((await call(t, 'GET', '/content/stories', who.supporter)).body.data.map((x: { id: string }) => x.id)).not.toContain(s.id);

    const published = await call(t, 'POST', `/admin/stories/${s.id}/publish`, who.editor);
    expect(published.body.data).toMatchObject({ draft: false, status: 'live' });
    const english = (await supporterStory(s.id)).body.data;
    expect(english).toMatchObject({ title: 'Match day live', type: 'live' });
    expect(english.chapters.map((c: { caption: string }) => c.caption)).toEqual(['Gates open', 'Team sheet']);
    const spanish = (await supporterStory(s.id, who.supporter, 'es')).body.data;
    expect(spanish.title).toBe('Día de partido en directo');
    // A text the club did not write in Spanish shows in English.
    expect(spanish.chapters.map((c: { caption: string }) => c.caption)).toEqual(['Se abren las puertas', 'Team sheet']);

    // Publishing again changes nothing and appends nothing.
    expect((await call(t, 'POST', `/admin/stories/${s.id}/publish`, who.editor)).status).toBe(200);
    const history = await historyOf(t, 'story', s.id);
    expect(history.map((e) => e.action)).toEqual(['story.publish', 'story.create']);
    expect(history[1]).toMatchObject({ before: null, after: { id: s.id, draft: true }, actor: { role: 'editor' } });
    expect(history[0]).toMatchObject({ before: { draft: true }, after: { draft: false, status: 'live' } });
  });

  it('updates whole: a kept chapter keeps its id (and who saw it), a new one is added, a left-out one goes', async () => {
    const s = (await call(t, 'POST', '/admin/stories', who.editor, story())).body.data;
    const [first, second] = s.chapters;
    const body = story({
      title: 'Match day, later', type: 'sponsored',
      chapters: [
        { id: second.id, mediaId: second.mediaId, caption: 'Team sheet, first now' },
        { mediaId: '/images/stories/matchday-live-3.webp', caption: 'Kick-off' },
      ],
    });
    const updated = await call(t, 'PUT', `/admin/stories/${s.id}`, who.editor, body);
    expect(updated.status).toBe(200);
    const after = updated.body.data;
    expect(after).toMatchObject({ title: 'Match day, later', type: 'sponsored', status: 'draft' });
    expect(after.chapters.map((c: { id: string; caption: string }) => [c.id === second.id, c.caption])).toEqual([[true, 'Team sheet, first now'], [false, 'Kick-off']]);
    expect(after.chapters.some((c: { id: string }) => c.id === first.id)).toBe(false);
    const [entry] = await historyOf(t, 'story', s.id);
    expect(entry).toMatchObject({ action: 'story.update', before: { title: 'Match day live' }, after: { title: 'Match day, later' } });
    expect((await call(t, 'PUT', '/admin/stories/no-such-story', who.editor, body)).status).toBe(404);
  });

  it('duplicates as a draft with new ids, and archives out of supporters\' sight', async () => {
    const s = (await call(t, 'POST', '/admin/stories', who.editor, story())).body.data;
    await call(t, 'POST', `/admin/stories/${s.id}/publish`, who.editor);
    const copy = await call(t, 'POST', `/admin/stories/${s.id}/duplicate`, who.editor);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ title: s.title, draft: true, status: 'draft', translations: s.translations });
    expect(copy.body.data.id).not.toBe(s.id);
    expect(copy.body.data.chapters.map((c: { id: string }) => c.id)).not.toContain(s.chapters[0].id);
    expect((await historyOf(t, 'story', copy.body.data.id))[0]).toMatchObject({ action: 'story.duplicate', before: { copyOf: s.id } });

    const archived = await call(t, 'POST', `/admin/stories/${s.id}/archive`, who.editor);
    expect(archived.body.data).toMatchObject({ status: 'archived' });
    expect((await supporterStory(s.id)).status).toBe(404);
    expect((await historyOf(t, 'story', s.id))[0]).toMatchObject({ action: 'story.archive', before: { archivedAt: null }, after: { status: 'archived' } });
  });

  it('shows a scheduled story from its start and not after its stop (no waiting: the clock is asked)', async () => {
    const s = (await call(t, 'POST', '/admin/stories', who.editor, story({ startsAt: hoursFromNow(1), stopsAt: hoursFromNow(2) }))).body.data;
    expect((await call(t, 'POST', `/admin/stories/${s.id}/publish`, who.editor)).body.data.status).toBe('scheduled');
    expect((await supporterStory(s.id)).status).toBe(404);
    const { findNextScheduleChange } = await import('../schedule.repository.ts');
    const org = (await t.testDb.db.selectFrom('stories').select('organization_id').where('id', '=', s.id).executeTakeFirstOrThrow()).organization_id;
    const next = await findNextScheduleChange(t.testDb.db, org, new Date().toISOString());
    expect(next! <= s.startsAt).toBe(true);
    const { getStory } = await import('../story.service.ts');
    const reader = { organizationId: org, timeZone: 'UTC', userId: null, user: null };
    await expect(getStory(t.testDb.db, reader, s.id, new Date(Date.parse(s.startsAt) - 1))).rejects.toMatchObject({ code: 'not_found' });
    expect((await getStory(t.testDb.db, reader, s.id, new Date(s.startsAt))).id).toBe(s.id);
    await expect(getStory(t.testDb.db, reader, s.id, new Date(s.stopsAt))).rejects.toMatchObject({ code: 'not_found' });
    const list = (status: string) => call(t, 'GET', `/admin/stories?status=${status}&limit=100`, who.support);
    expect((await list('scheduled')).body.data.items.map((x: { id: string }) => x.id)).toContain(s.id);
    expect((await list('live')).body.data.items.map((x: { id: string }) => x.id)).not.toContain(s.id);
  });

  it('gates a story to adults of exactly its rank', async () => {
    const s = (await call(t, 'POST', '/admin/stories', who.editor, story({ rankGate: 'P3', title: 'For the faithful' }))).body.data;
    await call(t, 'POST', `/admin/stories/${s.id}/publish`, who.editor);
    expect(s.rankGate).toBe('P3');
    expect((await supporterStory(s.id)).status).toBe(404);
    expect((await supporterStory(s.id, 'pk_demo_terrace')).status).toBe(404);
  });

  it('lists with search, status and pages', async () => {
    const tag = `Needle ${Date.now()}`;
    for (let i = 0; i < 3; i += 1) await call(t, 'POST', '/admin/stories', who.editor, story({ title: `${tag} ${i}` }));
    const first = await call(t, 'GET', `/admin/stories?q=${encodeURIComponent(tag.toLowerCase())}&limit=2`, who.editor);
    expect(first.body.data).toMatchObject({ total: 3, page: 1, pages: 2 });
    expect(first.body.data.items).toHaveLength(2);
    const second = await call(t, 'GET', `/admin/stories?q=${encodeURIComponent(tag)}&limit=2&page=2&status=draft`, who.editor);
    expect(second.body.data.items).toHaveLength(1);
    expect((await call(t, 'GET', `/admin/stories?q=${encodeURIComponent(tag)}&status=live`, who.editor)).body.data.total).toBe(0);
    expect((await call(t, 'GET', '/admin/stories?q=100%25_', who.editor)).body.data.total).toBe(0);
    expect((await call(t, 'GET', '/admin/stories?status=nope', who.editor)).status).toBe(422);
  });

  it('refuses support, supporters and no one; names each malformed field', async () => {
    const s = (await call(t, 'POST', '/admin/stories', who.owner, story())).body.data;
    await expectRefusals(t, who, [
      { method: 'GET', path: '/admin/stories' }, { method: 'GET', path: `/admin/stories/${s.id}` },
      { method: 'POST', path: '/admin/stories', body: story() }, { method: 'PUT', path: `/admin/stories/${s.id}`, body: story() },
      { method: 'POST', path: `/admin/stories/${s.id}/duplicate` }, { method: 'POST', path: `/admin/stories/${s.id}/publish` },
      { method: 'POST', path: `/admin/stories/${s.id}/archive` },
    ]);
    expect((await historyOf(t, 'story', s.id)).map((e) => e.action)).toEqual(['story.create']);
    const bad: Array<[string, unknown]> = [
      ['title', ''], ['title', 'x'.repeat(201)], ['type', 'watched'], ['rankGate', 'P11'], ['coverMediaId', 'https://elsewhere.example/a.png'],
      ['value', -1], ['value', 1.5], ['startsAt', 'tomorrow'], ['stopsAt', hoursFromNow(-2)], ['chapters', []],
      ['chapters.0.mediaId', '//evil.example/x.webp'], ['chapters.0.caption', ''], ['chapters.1.sponsorUrl', 'javascript:alert(1)'],
      ['translations.es.title', 'x'.repeat(201)], ['chapters.0.translations.es.caption', 'x'.repeat(2001)],
    ];
    await expectFieldRefusals(t, who.editor, 'POST', '/admin/stories', story(), bad);
    await expectFieldRefusals(t, who.editor, 'PUT', `/admin/stories/${s.id}`, story(), bad.slice(0, 3));
  });
});

describe(`console previews (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it("answers a draft as the supporters' API would, in each language, to every operator", async () => {
    const s = (await call(t, 'POST', '/admin/stories', who.editor, story())).body.data;
    const en = await call(t, 'GET', `/admin/stories/${s.id}/preview`, who.support);
    expect(en.status).toBe(200);
    expect(en.body.data).toMatchObject({ id: s.id, title: 'Match day live', type: 'live', viewed: false, shareable: true });
    const es = (await call(t, 'GET', `/admin/stories/${s.id}/preview`, who.editor, undefined, 'es')).body.data;
    expect(es.title).toBe('Día de partido en directo');
    expect(es.chapters[0].caption).toBe('Se abren las puertas');
    expect((await call(t, 'GET', '/admin/stories/nope/preview', who.editor)).status).toBe(404);
    expect((await call(t, 'GET', `/admin/stories/${s.id}/preview`, who.supporter)).status).toBe(403);
    for (const collection of ['videos', 'articles']) {
      const [first] = (await call(t, 'GET', `/admin/${collection}?limit=1`, who.editor)).body.data.items;
      const preview = await call(t, 'GET', `/admin/${collection}/${first.id}/preview`, who.editor, undefined, 'es');
      expect(preview.status).toBe(200);
      expect(preview.body.data.id).toBe(first.id);
    }
  });
});
