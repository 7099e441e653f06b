import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { isShareable, rankCodeOf } from './story.service.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

interface Chapter { id: string; orderIndex: number; mediaId: string; caption: string; sponsorUrl: string | null }
interface Story {
  id: string; title: string; type: string; value: number; viewed: boolean; shareable: boolean; chapters: Chapter[];
  coverMediaId: string | null; startsAt: string; stopsAt: string;
}

const get = (path: string, token?: string) => t.app.request(`/api/content/stories${path}`, { headers: headers(token) });
const list = async (token?: string): Promise<Story[]> => (await (await get('', token)).json()).data;
const view = (storyId: string, chapterId: string, token: string) =>
  t.app.request(`/api/content/stories/${storyId}/chapter-view/${chapterId}`, { method: 'POST', headers: headers(token) });

const GROUP = { live: 0, default: 1, sponsored: 2, watched: 3 } as Record<string, number>;

async function newUser(name: string, setup: { lifetimePoints?: number; birthday?: string | null } = {}): Promise<{ token: string; userId: string }> {
  const email = `${name}@example.com`;
  const { token } = await signIn(t, email);
  const { id } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  // The rank and the age as the rules read them: lifetime points and the birthday on the row.
  // An adult unless told otherwise: without a birthday the under-18 rules apply.
  {
    await t.testDb.db.updateTable('users')
      .set({ ...(setup.lifetimePoints !== undefined ? { lifetime_points: setup.lifetimePoints } : {}), birthday: setup.birthday === undefined ? '1990-05-17' : setup.birthday })
      .where('id', '=', id).execute();
  }
  return { token, userId: id };
}
const yearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-01-15`;
const points = (userId: string) => t.testDb.db.selectFrom('users').select('points')
  .where('id', '=', userId).executeTakeFirstOrThrow().then((u) => Number(u.points));
const storyRows = (userId: string) => t.testDb.db.selectFrom('ledger_entries').select(['idempotency_key', 'amount'])
  .where('user_id', '=', userId).where('kind', '=', 'story').execute();

async function storyTitled(title: string, token?: string): Promise<Story> {
  const story = (await list(token)).find((s) => s.title === title);
  if (!story) throw new Error(`no story ${title}`);
  return story;
}

describe('rank codes and sharing (unit)', () => {
  it('reads a rank code only when it stands alone at the start: P1 is not P10', () => {
    expect(rankCodeOf('P10 Welcome pack')).toBe('P10');
    expect(rankCodeOf('P1 Legends')).toBe('P1');
    expect(rankCodeOf('P9: Behind the scenes')).toBe('P9');
    expect(rankCodeOf('P100 club')).toBeNull();
    expect(rankCodeOf('P11 nothing')).toBeNull();
    expect(rankCodeOf('P1x')).toBeNull();
    expect(rankCodeOf('Matchday P9')).toBeNull();
    expect(rankCodeOf('p9 lower case')).toBeNull();
  });

  it("never shares a rank story or 'Save to Home'", () => {
    expect(isShareable('P9 Behind the scenes')).toBe(false);
    expect(isShareable('Save to Home')).toBe(false);
    expect(isShareable('Captain Calder signs on')).toBe(true);
  });
});

describe(`stories (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('lists the stories shown now to anonymous callers, with their shape, in the rail\'s groups, without rank stories', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    const data: Story[] = (await res.json()).data;
    expect(data.length).toBeGreaterThanOrEqual(6);
    expect(Object.keys(data[0]!).sort()).toEqual(
      ['chapters', 'coverMediaId', 'createdAt', 'id', 'shareable', 'startsAt', 'stopsAt', 'title', 'type', 'value', 'viewed'],
    );
    expect(Object.keys(data[0]!.chapters[0]!).sort()).toEqual(['caption', 'id', 'mediaId', 'orderIndex', 'sponsorUrl']);
    const titles = data.map((s) => s.title);
    expect(titles).toContain('Save to Home');
    // Outside their window: one over, one not yet started.
    expect(titles).not.toContain('Pre-season tour diary');
    expect(titles).not.toContain('A Christmas message from the squad');
    // Rank stories are for signed-in adults of that rank only.
    expect(titles.filter((title) => /^P\d/.test(title))).toEqual([]);
    expect(new Set(data.map((s) => s.type))).toEqual(new Set(['live', 'default', 'sponsored']));
    const groups = data.map((s) => GROUP[s.type]!);
    expect(groups).toEqual([...groups].sort((a, b) => a - b));
    for (const story of data) {
      expect(story.viewed).toBe(false);
      expect(story.coverMediaId).toMatch(/^\/images\/stories\/.+-cover\.webp$/);
      expect(story.chapters.map((c) => c.orderIndex)).toEqual(story.chapters.map((_, i) => i));
      for (const chapter of story.chapters) expect(chapter.mediaId).toMatch(/^\/images\/stories\/.+-\d\.webp$/);
      const now = Date.now();
      expect(Date.parse(story.startsAt)).toBeLessThanOrEqual(now);
      expect(Date.parse(story.stopsAt)).toBeGreaterThan(now);
    }
    const sponsored = data.filter((s) => s.type === 'sponsored');
    expect(sponsored.length).toBeGreaterThanOrEqual(2);
    for (const story of sponsored) for (const chapter of story.chapters) expect(chapter.sponsorUrl).toMatch(/^https:\/\//);
  });

  it("marks 'Save to Home' and rank stories not shareable, every other one shareable", async () => {
    const { token } = await newUser('story-share-p10', { lifetimePoints: 0, birthday: yearsAgo(30) });
    const data = await list(token);
    expect(data.find((s) => s.title === 'Save to Home')!.shareable).toBe(false);
    expect(data.find((s) => s.title === 'P10 Welcome pack')!.shareable).toBe(false);
    for (const story of data.filter((s) => s.title !== 'Save to Home' && !s.title.startsWith('P'))) expect(story.shareable).toBe(true);
  });

  it('shows a rank story only to a signed-in adult of exactly that rank (a birthday given)', async () => {
    const anyone = await storyTitled('Save to Home');
    const p10 = await newUser('story-p10-adult', { lifetimePoints: 0, birthday: yearsAgo(30) });
    const p9 = await newUser('story-p9-adult', { lifetimePoints: 150, birthday: yearsAgo(30) });
    const p9Minor = await newUser('story-p9-minor', { lifetimePoints: 150, birthday: yearsAgo(15) });
    const p9NoBirthday = await newUser('story-p9-unknown-age', { lifetimePoints: 150, birthday: null });
    const p8 = await newUser('story-p8-adult', { lifetimePoints: 300, birthday: yearsAgo(40) });
    const ranked = async (token?: string) => (await list(token)).map((s) => s.title).filter((title) => /^P\d/.test(title));
    expect(await ranked(p10.token)).toEqual(['P10 Welcome pack']);
    expect(await ranked(p9.token)).toEqual(['P9 Behind the scenes']);
    // Without a birthday the under-18 rules apply until one is given.
    expect(await ranked(p9NoBirthday.token)).toEqual([]);
    expect(await ranked(p9Minor.token)).toEqual([]);
    expect(await ranked(p8.token)).toEqual([]);
    expect(await ranked()).toEqual([]);

    const p9Story = await storyTitled('P9 Behind the scenes', p9.token);
    expect(p9Story.shareable).toBe(false);
    expect((await get(`/${p9Story.id}`, p9.token)).status).toBe(200);
    for (const token of [p10.token, p9Minor.token, p8.token, undefined]) {
      const res = await get(`/${p9Story.id}`, token);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toMatchObject({ code: 'not_found', message: 'Story not found' });
    }
    // Nor can anyone else view its chapters (a 404, as if it did not exist).
    expect((await view(p9Story.id, p9Story.chapters[0]!.id, p10.token)).status).toBe(404);
    expect((await view(p9Story.id, p9Story.chapters[0]!.id, p9Minor.token)).status).toBe(404);
    expect((await get(`/${anyone.id}`, p9Minor.token)).status).toBe(200);
  });

  it('answers one story by id, and 404 for an unknown one or one outside its window', async () => {
    const story = await storyTitled('Captain Calder signs on');
    const res = await get(`/${story.id}`);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual(story);
    expect((await get('/no-such-story')).status).toBe(404);
    const over = await t.testDb.db.selectFrom('stories').select('id').where('title', '=', 'Pre-season tour diary').executeTakeFirstOrThrow();
    const notYet = await t.testDb.db.selectFrom('stories').select('id').where('title', '=', 'A Christmas message from the squad').executeTakeFirstOrThrow();
    expect((await get(`/${over.id}`)).status).toBe(404);
    expect((await get(`/${notYet.id}`)).status).toBe(404);
  });

  it('answers hostile ids with a 4xx, never a 5xx', async () => {
    const { token } = await newUser('story-hostile');
    const story = await storyTitled('Save to Home', token);
    for (const id of ['a%00b', 'x'.repeat(10_000), '..%2F..%2Fabout', '%F0%9F%8F%9F', "1' OR '1'='1"]) {
      expect((await get(`/${id}`, token)).status, id).toBeGreaterThanOrEqual(400);
      expect((await get(`/${id}`, token)).status, id).toBeLessThan(500);
      const viewed = await view(story.id, id, token);
      expect(viewed.status, id).toBeGreaterThanOrEqual(400);
      expect(viewed.status, id).toBeLessThan(500);
    }
  });

  it('needs a signed-in supporter to view a chapter', async () => {
    const story = await storyTitled('Captain Calder signs on');
    expect((await view(story.id, story.chapters[0]!.id, 'pk_demo_terrace')).status).toBe(401);
  });

  it('refuses an unknown chapter, or a chapter of another story, with 422', async () => {
    const { token, userId } = await newUser('story-bad-chapter');
    const [a, b] = await list(token);
    for (const chapterId of ['no-such-chapter', b!.chapters[0]!.id]) {
      const res = await view(a!.id, chapterId, token);
      expect(res.status).toBe(422);
      expect((await res.json()).error).toMatchObject({ code: 'validation_failed', message: 'This chapter is not part of the story.' });
    }
    const spanish = await t.app.request(`/api/content/stories/${a!.id}/chapter-view/nope`, { method: 'POST', headers: headers(token, { 'Accept-Language': 'es' }) });
    expect((await spanish.json()).error.message).toBe('Este capítulo no forma parte de la historia.');
    expect((await view('no-such-story', 'nope', token)).status).toBe(404);
    expect(await storyRows(userId)).toEqual([]);
  });

  it('pays the value once the last chapter is viewed, with the standing; views are idempotent; the story becomes watched', async () => {
    const { token, userId } = await newUser('story-complete');
    const story = await storyTitled('Captain Calder signs on', token);
    expect(story.type).toBe('default');
    const [first, ...rest] = story.chapters;
    for (const chapter of [first!, first!, ...rest.slice(0, -1)]) {
      const res = await view(story.id, chapter.id, token);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toEqual({ storyId: story.id, chapterId: chapter.id, completed: false, pointsAwarded: 0, standing: null });
    }
    expect(await points(userId)).toBe(0);
    const last = rest.at(-1)!;
    const done = (await (await view(story.id, last.id, token)).json()).data;
    expect(done).toMatchObject({ completed: true, pointsAwarded: story.value, standing: { points: story.value, lifetimePoints: story.value, rank: { name: 'P10' } } });
    expect(done.standing.rankProgress).toEqual({ percent: 10, pointsToNext: 90 });
    // Again (any chapter): complete, nothing more paid.
    for (const chapter of [last, first!]) {
      expect((await (await view(story.id, chapter.id, token)).json()).data).toMatchObject({ completed: true, pointsAwarded: 0, standing: null });
    }
    expect(await points(userId)).toBe(story.value);
    expect(await storyRows(userId)).toEqual([{ idempotency_key: `story:${story.id}`, amount: story.value }]);

    const after = await list(token);
    const watched = after.find((s) => s.id === story.id)!;
    expect(watched).toMatchObject({ type: 'watched', viewed: true });
    expect(after.at(-1)!.id).toBe(story.id);
    expect((await (await get(`/${story.id}`, token)).json()).data).toMatchObject({ type: 'watched', viewed: true });
    // Another supporter still sees it unwatched.
    expect((await storyTitled('Captain Calder signs on')).type).toBe('default');
  });

  it('a live story watched is in the watched group; a sponsored one too', async () => {
    const { token } = await newUser('story-groups');
    const stories = await list(token);
    for (const story of [stories.find((s) => s.type === 'live')!, stories.find((s) => s.type === 'sponsored')!]) {
      for (const chapter of story.chapters) expect((await view(story.id, chapter.id, token)).status).toBe(200);
    }
    const after = await list(token);
    const groups = after.map((s) => GROUP[s.type]!);
    expect(groups).toEqual([...groups].sort((a, b) => a - b));
    expect(after.filter((s) => s.type === 'watched')).toHaveLength(2);
  });

  it('pays once under 20 parallel views of the final chapter', async () => {
    const { token, userId } = await newUser('story-parallel');
    const story = await storyTitled('Under-18s into the quarter-finals', token);
    for (const chapter of story.chapters.slice(0, -1)) expect((await view(story.id, chapter.id, token)).status).toBe(200);
    const last = story.chapters.at(-1)!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => view(story.id, last.id, token)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(bodies.every((b) => b.data.completed)).toBe(true);
    expect(bodies.map((b) => b.data.pointsAwarded).filter((p) => p > 0)).toEqual([story.value]);
    expect(await storyRows(userId)).toHaveLength(1);
    expect(await points(userId)).toBe(story.value);
  });

  it('completes the story when its last two chapters are viewed at once, for every one of ten supporters', async () => {
    const story = await storyTitled('Matchday live: Terrace FC v Millbank Rovers');
    const readers = await Promise.all(Array.from({ length: 10 }, (_, i) => newUser(`story-last-two-${i}`)));
    const [last, beforeLast] = [story.chapters.at(-1)!, story.chapters.at(-2)!];
    for (const { token } of readers) {
      for (const chapter of story.chapters.slice(0, -2)) expect((await view(story.id, chapter.id, token)).status).toBe(200);
    }
    await Promise.all(readers.map(({ token }) => Promise.all([view(story.id, beforeLast.id, token), view(story.id, last.id, token)])));
    for (const { userId } of readers) expect(await points(userId)).toBe(story.value);
  });

  it('completes and pays once when the last chapters are all viewed at the same time', async () => {
    const { token, userId } = await newUser('story-parallel-all');
    const story = await storyTitled('Matchday live: Terrace FC v Millbank Rovers', token);
    const answers = await Promise.all(story.chapters.flatMap((chapter) => [view(story.id, chapter.id, token), view(story.id, chapter.id, token)]));
    expect(answers.map((r) => r.status)).toEqual(Array(story.chapters.length * 2).fill(200));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(bodies.some((b) => b.data.completed)).toBe(true);
    expect(bodies.map((b) => b.data.pointsAwarded).filter((p) => p > 0)).toEqual([story.value]);
    expect(await storyRows(userId)).toHaveLength(1);
    expect(await points(userId)).toBe(story.value);
  });
});
