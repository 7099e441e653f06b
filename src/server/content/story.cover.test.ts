import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

// Issue 26, point 7: a story's link shows a signed-out visitor what is waiting (its cover, the rank it is for),
// never its chapters: GET /content/stories/{id}/cover.

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const get = (path: string, token?: string) => t.app.request(`/api/content/stories${path}`, { headers: headers(token) });
const storyId = async (title: string) => (await t.testDb.db.selectFrom('stories').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;

describe(`a story's cover (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('shows anyone a rank story\'s title, cover and rank, and no chapter, while the story itself stays hidden', async () => {
    const id = await storyId('P9 Behind the scenes');
    expect((await get(`/${id}`)).status).toBe(404);
    const res = await get(`/${id}/cover`);
    expect(res.status).toBe(200);
    const { data } = await res.json() as { data: Record<string, unknown> };
    expect(data).toEqual({ id, title: 'P9 Behind the scenes', coverMediaId: expect.any(String), rank: 'P9', chapterCount: expect.any(Number) });
    expect(data['chapterCount']).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toMatch(/For P9 supporters only|chapters/);
  });

  it('says an open story is for everyone, in the same shape signed in or not', async () => {
    const id = await storyId('P10 Welcome pack');
    const anonymous = await (await get(`/${id}/cover`)).json() as { data: { rank: string | null } };
    expect(anonymous.data.rank).toBe('P10');
    const open = (await t.testDb.db.selectFrom('stories').select(['id', 'title']).execute()).find((s) => !/^P\d/.test(s.title))!;
    const { token } = await signIn(t, 'cover-reader@example.com');
    const signedIn = await (await get(`/${open.id}/cover`, token)).json() as { data: { rank: string | null; title: string } };
    expect(signedIn.data).toMatchObject({ rank: null, title: open.title });
  });

  it('answers 404 for an unknown story', async () => {
    const res = await get('/no-such-story/cover');
    expect(res.status).toBe(404);
    expect((await res.json() as { error: { code: string } }).error.code).toBe('not_found');
  });
});
