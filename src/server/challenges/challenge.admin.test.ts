import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorKey } from '../testing/operators.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let editor: string;
let support: string;
let supporter: string;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  editor = await operatorKey(t.testDb.db, 'editor');
  support = await operatorKey(t.testDb.db, 'support');
  supporter = (await signIn(t, 'admin-challenges-fan@example.com')).token;
});
afterAll(() => t.close());

const SPANISH = { 'Accept-Language': 'es-ES,es;q=0.9' };
const call = (path: string, token: string, init: { method?: string; body?: unknown; lang?: Record<string, string> } = {}) => t.app.request(`/api${path}`, {
  method: init.method ?? 'GET', headers: headers(token, init.lang ?? {}),
  ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
});
const json = async (res: Response) => (await res.json()) as { data: any; error?: any };
const hour = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/** A valid body of each subtype; `over` replaces fields. */
function body(subtype: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  n += 1;
  const base = { subtype, title: `${subtype} ${n}`, description: 'Tell us', visibleFrom: at(-hour), value: 10, draft: false };
  const parts: Record<string, Record<string, unknown>> = {
    poll: { options: [{ label: 'Red' }, { label: 'Blue' }] },
    pickem: { options: [{ label: 'Win', points: 30 }, { label: 'Draw', points: 10 }, { label: 'Loss' }], expiresOn: at(hour) },
    trivia: { questions: [
      { text: 'Founded?', options: ['1901', '1920'], correctIndex: 0, points: 5 },
      { text: 'Ground?', options: ['North', 'South', 'East'], correctIndex: 2, points: 7 },
    ] },
    keyword: { answer: 'Ángel Café', hint: 'Two words' },
    feedback: {},
    arcade: { game: { durationSeconds: 30, maxScore: 100, maxScorePerSecond: 10, tiers: [{ minScore: 0, points: 1 }, { minScore: 50, points: 20 }] } },
  };
  return { ...base, ...parts[subtype], ...over };
}
const create = async (subtype: string, over: Record<string, unknown> = {}, token = editor) => {
  const res = await call('/admin/challenges', token, { method: 'POST', body: body(subtype, over) });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await json(res)).data;
};
const history = async (id: string) => (await json(await call(`/admin/audit?kind=challenge&subject=${id}`, t.ownerKey))).data.entries as any[];
const seen = async (id: string, lang: Record<string, string> = {}) => call(`/challenge/${id}`, supporter, { lang });
const listed = async (id: string) => (await json(await call('/challenge', supporter))).data.some((c: any) => c.challengeId === id);

describe(`the console's challenges (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('creates every subtype with the fields the supporters read, and records each with its values', async () => {
    for (const subtype of ['poll', 'pickem', 'trivia', 'keyword', 'feedback', 'arcade']) {
      const made = await create(subtype);
      expect(made).toMatchObject({ subtype, status: 'live', draft: false, archivedAt: null, value: 10, excluded: false });
      const got = (await json(await call(`/admin/challenges/${made.challengeId}`, support))).data;
      expect(got).toEqual(made);
      const [entry] = await history(made.challengeId);
      expect(entry).toMatchObject({ action: 'challenge.create', before: null, after: made, actor: { label: 'test editor', role: 'editor' } });
      const view = (await json(await seen(made.challengeId))).data;
      expect(view).toMatchObject({ challengeId: made.challengeId, subtype, title: made.title, open: true });
    }
    const quiz = await create('trivia');
    expect(quiz.questions.map((q: any) => q.correctIndex)).toEqual([0, 2]);
    const view = (await json(await seen(quiz.challengeId))).data;
    expect(view.challengeType.questions[1]).toMatchObject({ text: 'Ground?', options: ['North', 'South', 'East'], points: 7 });
    expect(JSON.stringify(view)).not.toContain('correctIndex');
  });

  it('lists by search, status and page, newest first', async () => {
    const tag = `Derby${Date.now()}`;
    const a = await create('poll', { title: `${tag} one` });
    const b = await create('poll', { title: `${tag} two`, draft: true });
    const c = await create('poll', { title: `${tag} three`, visibleFrom: at(hour) });
    // Made within one millisecond, two would tie on created_at (then the id decides): a second apart, as people make them.
    for (const [made, secondsAgo] of [[a, 3], [b, 2], [c, 1]] as const) {
      await t.testDb.db.updateTable('challenges').set({ created_at: at(-secondsAgo * 1000) }).where('id', '=', made.challengeId).execute();
    }
    const list = async (query: string) => (await json(await call(`/admin/challenges?${query}`, support))).data;
    const all = await list(`q=${tag.toLowerCase()}`);
    expect(all.items.map((i: any) => i.challengeId)).toEqual([c.challengeId, b.challengeId, a.challengeId]);
    expect(all).toMatchObject({ total: 3, page: 1, pages: 1 });
    expect((await list(`q=${tag}&status=draft`)).items.map((i: any) => i.challengeId)).toEqual([b.challengeId]);
    expect((await list(`q=${tag}&status=scheduled`)).items.map((i: any) => i.status)).toEqual(['scheduled']);
    expect((await list(`q=${tag}&status=live`)).items.map((i: any) => i.challengeId)).toEqual([a.challengeId]);
    const second = await list(`q=${tag}&limit=2&page=2`);
    expect(second).toMatchObject({ total: 3, page: 2, pages: 2 });
    expect(second.items.map((i: any) => i.challengeId)).toEqual([a.challengeId]);
    expect((await list('q=100%25_')).total).toBe(0);
    expect((await call('/admin/challenges?status=gone', support)).status).toBe(422);
  });

  it('updates with before and after on record, and keeps the subtype', async () => {
    const made = await create('poll');
    const res = await call(`/admin/challenges/${made.challengeId}`, editor, { method: 'PUT', body: body('poll', { title: 'Renamed' }) });
    expect(res.status).toBe(200);
    const saved = (await json(res)).data;
    expect(saved.title).toBe('Renamed');
    const [entry] = await history(made.challengeId);
    expect(entry).toMatchObject({ action: 'challenge.update', before: { title: made.title }, after: { title: 'Renamed' } });
    const kind = await call(`/admin/challenges/${made.challengeId}`, editor, { method: 'PUT', body: body('feedback') });
    expect(kind.status).toBe(422);
    expect((await json(kind)).error.details).toHaveProperty('subtype');
    expect((await call('/admin/challenges/nope', editor, { method: 'PUT', body: body('poll') })).status).toBe(404);
  });

  it('duplicates as a draft, archives and publishes; drafts and archived ones never reach supporters', async () => {
    const made = await create('poll');
    const copy = (await json(await call(`/admin/challenges/${made.challengeId}/duplicate`, editor, { method: 'POST' }))).data;
    expect(copy).toMatchObject({ draft: true, status: 'draft', title: made.title, options: made.options });
    expect(copy.challengeId).not.toBe(made.challengeId);
    expect((await history(copy.challengeId))[0]).toMatchObject({ action: 'challenge.duplicate', before: null, after: { draft: true } });
    expect((await seen(copy.challengeId)).status).toBe(404);
    expect(await listed(copy.challengeId)).toBe(false);

    const archived = (await json(await call(`/admin/challenges/${made.challengeId}/archive`, editor, { method: 'POST' }))).data;
    expect(archived).toMatchObject({ status: 'archived' });
    expect((await history(made.challengeId))[0]).toMatchObject({ action: 'challenge.archive', before: { archivedAt: null }, after: { status: 'archived' } });
    expect((await seen(made.challengeId)).status).toBe(404);
    expect(await listed(made.challengeId)).toBe(false);
    const vote = await call(`/challenge/${made.challengeId}`, supporter, { method: 'POST', body: { poll: { responseIndex: 0 } } });
    expect(vote.status).toBe(404);

    const published = (await json(await call(`/admin/challenges/${copy.challengeId}/publish`, editor, { method: 'POST' }))).data;
    expect(published).toMatchObject({ status: 'live', draft: false });
    expect((await history(copy.challengeId))[0]).toMatchObject({ action: 'challenge.publish', before: { draft: true }, after: { draft: false } });
    expect((await seen(copy.challengeId)).status).toBe(200);
    // Publishing what is published changes nothing and records nothing.
    const again = await call(`/admin/challenges/${copy.challengeId}/publish`, editor, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(await history(copy.challengeId)).toHaveLength(2);
  });

  it('shows a scheduled challenge from its time, and closes it at its end', async () => {
    const made = await create('poll', { visibleFrom: at(hour), expiresOn: at(2 * hour) });
    expect(made.status).toBe('scheduled');
    expect((await seen(made.challengeId)).status).toBe(404);
    expect(await listed(made.challengeId)).toBe(false);
    // Time moves: the start is now past.
    await t.testDb.db.updateTable('challenges').set({ visible_from: at(-1000) }).where('id', '=', made.challengeId).execute();
    expect((await json(await seen(made.challengeId))).data).toMatchObject({ open: true });
    expect(await listed(made.challengeId)).toBe(true);
    await t.testDb.db.updateTable('challenges').set({ expires_on: at(-500) }).where('id', '=', made.challengeId).execute();
    expect((await json(await seen(made.challengeId))).data).toMatchObject({ open: false, completed: true });
    expect((await json(await call(`/admin/challenges/${made.challengeId}`, editor))).data.status).toBe('ended');
  });

  it("answers supporters in their language where the club wrote it, else in English", async () => {
    const made = await create('poll', {
      hint: 'Pick one',
      translations: { es: { title: 'Encuesta', description: 'Cuéntanos', hint: '', options: ['Rojo', ''] } },
    });
    expect(made.translations).toEqual({ es: { title: 'Encuesta', description: 'Cuéntanos', options: ['Rojo', ''] } });
    const es = (await json(await seen(made.challengeId, SPANISH))).data;
    expect(es).toMatchObject({ title: 'Encuesta', description: 'Cuéntanos', hint: 'Pick one', options: [{ label: 'Rojo' }, { label: 'Blue' }] });
    const en = (await json(await seen(made.challengeId))).data;
    expect(en).toMatchObject({ title: made.title, description: 'Tell us', options: [{ label: 'Red' }, { label: 'Blue' }] });
    const list = (await json(await call('/challenge', supporter, { lang: SPANISH }))).data;
    expect(list.find((c: any) => c.challengeId === made.challengeId).title).toBe('Encuesta');
    const vote = (await json(await call(`/challenge/${made.challengeId}`, supporter, { method: 'POST', body: { poll: { responseIndex: 0 } }, lang: SPANISH }))).data;
    expect(vote.challenge.title).toBe('Encuesta');
    expect(vote.poll.options.map((o: any) => o.label)).toEqual(['Rojo', 'Blue']);

    const quiz = await create('trivia', { translations: { es: { questions: [{ text: '¿Fundado?' }, { options: ['Norte', 'Sur', 'Este'] }] } } });
    const preview = (await json(await call(`/admin/challenges/${quiz.challengeId}/preview?locale=es`, support))).data;
    expect(preview.challengeType.questions.map((q: any) => [q.text, q.options])).toEqual([
      ['¿Fundado?', ['1901', '1920']], ['Ground?', ['Norte', 'Sur', 'Este']],
    ]);
    const draft = await create('poll', { draft: true, translations: { es: { title: 'Borrador' } } });
    expect((await json(await call(`/admin/challenges/${draft.challengeId}/preview?locale=es`, editor))).data.title).toBe('Borrador');
  });

  it('takes a keyword whatever its accents and case', async () => {
    const made = await create('keyword');
    const wrong = await call(`/challenge/${made.challengeId}`, supporter, { method: 'POST', body: { input: { response: 'angel' } } });
    expect(wrong.status).toBe(422);
    const right = await call(`/challenge/${made.challengeId}`, supporter, { method: 'POST', body: { input: { response: '  ANGEL   cafe ' } } });
    expect(right.status).toBe(200);
    expect((await json(right)).data.pointsAwarded).toBe(10);
  });

  it("sets a made pick'em's outcome and pays the right picks once", async () => {
    const made = await create('pickem');
    expect((await call(`/challenge/${made.challengeId}`, supporter, { method: 'POST', body: { poll: { responseIndex: 0 } } })).status).toBe(200);
    const outcome = await call(`/admin/challenges/${made.challengeId}/outcome`, editor, { method: 'POST', body: { responseIndex: 0 } });
    expect((await json(outcome)).data).toMatchObject({ outcome: 0, awarded: 1 });
    expect((await json(await call(`/admin/challenges/${made.challengeId}`, support))).data.outcome).toBe(0);
    const again = await call(`/admin/challenges/${made.challengeId}/outcome`, editor, { method: 'POST', body: { responseIndex: 0 } });
    expect((await json(again)).data.awarded).toBe(0);
  });

  it("keeps the organization's excluded list, hidden from supporters", async () => {
    const made = await create('poll');
    const before = (await json(await call('/admin/challenges/excluded', support))).data.ids as string[];
    const res = await call('/admin/challenges/excluded', editor, { method: 'PUT', body: { ids: [...before, made.challengeId] } });
    expect(res.status).toBe(200);
    expect((await json(res)).data.ids).toContain(made.challengeId);
    expect((await seen(made.challengeId)).status).toBe(404);
    expect((await json(await call(`/admin/challenges/${made.challengeId}`, editor))).data.excluded).toBe(true);
    const [entry] = (await json(await call('/admin/audit?kind=setting&subject=excludedChallengeIds', t.ownerKey))).data.entries;
    expect(entry).toMatchObject({ action: 'challenge.excluded', before: { ids: before }, after: { ids: [...before, made.challengeId] } });
    await call('/admin/challenges/excluded', editor, { method: 'PUT', body: { ids: before } });
    expect((await seen(made.challengeId)).status).toBe(200);
    const bad = await call('/admin/challenges/excluded', editor, { method: 'PUT', body: { ids: ['a,b'] } });
    expect(bad.status).toBe(422);
    expect((await json(bad)).error.details).toHaveProperty(['ids.0']);
  });

  it('refuses support every write, and a supporter everything', async () => {
    const made = await create('poll');
    const id = made.challengeId;
    const writes: Array<[string, string, unknown?]> = [
      ['POST', '/admin/challenges', body('poll')], ['PUT', `/admin/challenges/${id}`, body('poll')],
      ['POST', `/admin/challenges/${id}/duplicate`], ['POST', `/admin/challenges/${id}/archive`], ['POST', `/admin/challenges/${id}/publish`],
      ['PUT', '/admin/challenges/excluded', { ids: [] }],
    ];
    const reads = ['/admin/challenges', `/admin/challenges/${id}`, `/admin/challenges/${id}/preview`, '/admin/challenges/excluded'];
    for (const [method, path, sent] of writes) {
      expect((await call(path, support, { method, body: sent })).status, `${method} ${path}`).toBe(403);
      expect((await call(path, supporter, { method, body: sent })).status, `${method} ${path}`).toBe(403);
      expect((await call(path, 'nope', { method, body: sent })).status, `${method} ${path}`).toBe(401);
    }
    for (const path of reads) {
      expect((await call(path, support)).status, path).toBe(200);
      expect((await call(path, supporter)).status, path).toBe(403);
    }
    expect(await history(id)).toHaveLength(1);
  });

  it('refuses a malformed value of each field with 422 naming it, in the request language', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['poll', { subtype: 'quest' }, 'subtype'],
      ['poll', { title: '' }, 'title'],
      ['poll', { title: 'x'.repeat(201) }, 'title'],
      ['poll', { description: 'x'.repeat(5001) }, 'description'],
      ['poll', { hint: 'x'.repeat(501) }, 'hint'],
      ['poll', { value: -1 }, 'value'],
      ['poll', { value: 1.5 }, 'value'],
      ['poll', { mediaId: 5 }, 'mediaId'],
      ['poll', { visibleFrom: 'tomorrow' }, 'visibleFrom'],
      ['poll', { expiresOn: '2020-13-45' }, 'expiresOn'],
      ['poll', { expiresOn: at(-2 * hour) }, 'expiresOn'],
      ['poll', { options: [{ label: 'Only' }] }, 'options'],
      ['poll', { options: [{ label: '' }, { label: 'B' }] }, 'options.0.label'],
      ['poll', { options: [{ label: 'A', points: -5 }, { label: 'B' }] }, 'options.0.points'],
      ['pickem', { expiresOn: null }, 'expiresOn'],
      ['trivia', { questions: [] }, 'questions'],
      ['trivia', { questions: [{ text: 'Q', options: ['a', 'b'], correctIndex: 2, points: 1 }] }, 'questions.0.correctIndex'],
      ['trivia', { questions: [{ text: 'Q', options: ['a'], correctIndex: 0, points: 1 }] }, 'questions.0.options'],
      ['trivia', { questions: [{ text: 'Q', options: ['a', 'b'], correctIndex: 0, points: 'many' }] }, 'questions.0.points'],
      ['keyword', { answer: null }, 'answer'],
      ['arcade', { game: null }, 'game'],
      ['arcade', { game: { durationSeconds: 0, maxScore: 1, maxScorePerSecond: 1, tiers: [] } }, 'game.durationSeconds'],
      ['poll', { draft: 'yes' }, 'draft'],
      ['poll', { translations: { es: { title: 'x'.repeat(201) } } }, 'translations.es.title'],
      ['poll', { translations: { es: { options: 'Rojo' } } }, 'translations.es.options'],
    ];
    for (const [subtype, over, field] of cases) {
      const res = await call('/admin/challenges', editor, { method: 'POST', body: body(subtype, over) });
      const answer = await json(res);
      expect(res.status, `${field}: ${JSON.stringify(answer)}`).toBe(422);
      expect(Object.keys(answer.error.details), field).toContain(field);
    }
    const es = await call('/admin/challenges', editor, { method: 'POST', body: body('poll', { options: [] }), lang: SPANISH });
    expect((await json(es)).error.details.options).toBe('Escribe al menos dos opciones, cada una con su texto.');
    const en = await call('/admin/challenges', editor, { method: 'POST', body: body('keyword', { answer: '' }) });
    expect((await json(en)).error.details.answer).toBe('Give the keyword supporters must send.');
    const update = await call(`/admin/challenges/${(await create('poll')).challengeId}`, editor, { method: 'PUT', body: body('poll', { title: '' }) });
    expect(update.status).toBe(422);
    expect((await json(update)).error.details).toHaveProperty('title');
    expect((await call('/admin/challenges/x/preview?locale=fr', editor)).status).toBe(422);
  });
});
