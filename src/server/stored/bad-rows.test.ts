import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { log } from '../log.ts';
import { resetStoredWarnings } from './stored.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { newSweepstake, organizationId } from '../testing/sweepstakes.ts';

// One hand-entered bad value per kind of stored content, as a club's operator (or a console bug) could leave
// it: the row is left out of every list and detail (a detail is a 404, as for an unknown id), logged once per
// id with no values, and every other call keeps answering. Before: a bad challenge row made GET /api/challenge
// answer 500, and a bad time zone made every signed-in call and POST /api/checkin answer 500.

let t: TestApp;
let token: string;
const bad: Record<string, string> = {};

async function copyOf<T extends { id: string }>(table: 'challenges' | 'videos' | 'articles' | 'activations' | 'experiences', where: Partial<T>, change: Partial<T>): Promise<string> {
  const db = t.testDb.db as unknown as import('kysely').Kysely<Record<string, T>>;
  let query = db.selectFrom(table).selectAll();
  for (const [key, value] of Object.entries(where)) query = query.where(key as never, '=', value as never);
  const row = await query.executeTakeFirstOrThrow() as unknown as T & { slug?: string };
  const id = randomUUID();
  await db.insertInto(table).values({ ...row, id, ...(row.slug ? { slug: `bad-${id.slice(0, 8)}` } : {}), ...change } as never).execute();
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.testDb.db;
  const org = await organizationId(t);
  await db.updateTable('organizations').set({ time_zone: 'Mars/Phobos' }).execute();
  await db.insertInto('organization_settings').values([
    { organization_id: org, key: 'checkinPoints', value: 'lots' },
    { organization_id: org, key: 'pointsTerm', value: '' },
  ]).onConflict((oc) => oc.columns(['organization_id', 'key']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') }))).execute();
  bad['poll options'] = await copyOf('challenges', { subtype: 'poll' } as never, { options: 'not json' } as never);
  bad['quiz questions'] = await copyOf('challenges', { subtype: 'trivia' } as never, { questions: '[{"questionId":"q","text":"?","options":["a"],"correctIndex":3,"points":5}]' } as never);
  bad['arcade game'] = await copyOf('challenges', { subtype: 'arcade' } as never, { game: '{"durationSeconds":"soon"}' } as never);
  bad['video'] = await copyOf('videos', {}, { source_type: 'vimeo' } as never);
  bad['article'] = await copyOf('articles', {}, { media_id: 'https://tracker.example/pixel.gif' } as never);
  bad['activation'] = await copyOf('activations', {}, { badge_image: 'javascript:alert(1)' } as never);
  bad['experience'] = await copyOf('experiences', {}, { tiers: '{"gold":true}' } as never);
  const sweepstake = await newSweepstake(t);
  await db.updateTable('sweepstakes').set({ rules_media: '{"en": 42}' }).where('id', '=', sweepstake.id).execute();
  bad['sweepstake'] = sweepstake.id;
  const now = new Date().toISOString();
  const story = await db.selectFrom('stories').selectAll().where('title', 'not like', 'P%')
    .where('starts_at', '<=', now).where('stops_at', '>', now).executeTakeFirstOrThrow();
  const chapter = await db.selectFrom('story_chapters').selectAll().where('story_id', '=', story.id).executeTakeFirstOrThrow();
  bad['story'] = randomUUID();
  await db.insertInto('stories').values({ ...story, id: bad['story'] }).execute();
  await db.insertInto('story_chapters').values({ ...chapter, id: randomUUID(), story_id: bad['story'], sponsor_url: 'javascript:alert(1)' }).execute();
  token = (await signIn(t, 'bad-rows@example.com')).token;
  await t.app.request('/api/user/me', { method: 'PATCH', headers: headers(token), body: JSON.stringify({ birthday: '1990-05-17' }) });
});
afterAll(() => t.close());

const get = (path: string) => t.app.request(`/api${path}`, { headers: headers(token) });
const ids = async (path: string, key: string) => {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  const { data } = await res.json() as { data: Array<Record<string, string>> };
  return data.map((item) => item[key]);
};

describe(`stored values that fail their schema (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('reads a time zone Intl does not know as UTC: the user, the organization and the check-in answer', async () => {
    expect((await get('/user/me')).status).toBe(200);
    const organization = await (await get('/organization/current')).json();
    expect(organization.data.timeZone).toBe('UTC');
    expect((await get('/checkin')).status).toBe(200);
    const checkin = await t.app.request('/api/checkin', { method: 'POST', headers: headers(token) });
    expect(checkin.status).toBe(200);
    // A malformed setting reads as its default: 10 points a check-in, the word "points".
    expect((await checkin.json()).data.pointsAwarded ?? 10).toBe(10);
    expect(organization.data.settings.pointsTerm).toBe('points');
  });

  it('leaves each malformed content row out of its list', async () => {
    const challenges = await ids('/challenge', 'challengeId');
    expect(challenges.length).toBeGreaterThan(5);
    for (const kind of ['poll options', 'quiz questions', 'arcade game']) expect(challenges, kind).not.toContain(bad[kind]);
    for (const subtype of ['poll', 'trivia', 'arcade']) expect((await get(`/challenge?subtype=${subtype}`)).status).toBe(200);
    expect(await ids('/content/videos', 'id')).not.toContain(bad['video']);
    expect((await get('/content/playlists')).status).toBe(200);
    expect(await ids('/content/articles', 'id')).not.toContain(bad['article']);
    expect(await ids('/activations/list', 'id')).not.toContain(bad['activation']);
    expect(await ids('/experiences', 'id')).not.toContain(bad['experience']);
    expect(await ids('/sweepstake', 'sweepstakeId')).not.toContain(bad['sweepstake']);
    expect(await ids('/content/stories', 'id')).not.toContain(bad['story']);
    expect((await ids('/content/stories', 'id')).length).toBeGreaterThan(0);
  });

  it('answers 404 for a malformed row as for an unknown id', async () => {
    for (const kind of ['poll options', 'quiz questions', 'arcade game']) expect((await get(`/challenge/${bad[kind]}`)).status, kind).toBe(404);
    expect((await get(`/content/videos/${bad['video']}`)).status).toBe(404);
    expect((await get(`/content/articles/${bad['article']}`)).status).toBe(404);
    expect((await get(`/activations/${bad['activation']}`)).status).toBe(404);
    expect((await get(`/sweepstake/${bad['sweepstake']}`)).status).toBe(404);
    expect((await get(`/content/stories/${bad['story']}`)).status).toBe(404);
    const request = await t.app.request(`/api/experiences/${bad['experience']}/request`, { method: 'POST', headers: headers(token) });
    expect(request.status).toBe(404);
  });

  it('logs each bad row once per process, with its kind and id and none of its values', async () => {
    resetStoredWarnings();
    const warn = vi.spyOn(log, 'warn');
    // Every list and detail twice: still one line per row.
    for (let round = 0; round < 2; round += 1) {
      for (const path of ['/challenge', '/content/videos', '/content/articles', '/activations/list', '/experiences', '/sweepstake', '/content/stories', '/checkin']) await get(path);
      for (const kind of ['poll options', 'quiz questions', 'arcade game']) await get(`/challenge/${bad[kind]}`);
    }
    const lines = warn.mock.calls.map(([fields]) => fields as unknown as { kind: string; id: string; fields: string[] });
    for (const [kind, id] of Object.entries(bad)) expect(lines.filter((l) => l.id === id), kind).toHaveLength(1);
    expect(lines.find((l) => l.id === bad['poll options'])).toMatchObject({ kind: 'challenge', fields: ['options'] });
    expect(lines.filter((l) => l.kind === 'organization.timeZone')).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toMatch(/Mars|not json|vimeo|tracker|javascript|gold|lots/);
  });
});
