import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, TEST_SECRET, type TestApp } from '../testing/test-app.ts';
import { issueReadTicket } from './article.ticket.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

const get = (path: string, token?: string) => t.app.request(`/api/content/articles${path}`, { headers: headers(token) });
const read = (id: string, token: string, checksum: string) => t.app.request(`/api/content/articles/${id}/read`, {
  method: 'POST', headers: { ...headers(token), 'Content-Type': 'application/json' }, body: JSON.stringify({ checksum }),
});

async function newUser(name: string): Promise<{ token: string; userId: string }> {
  const email = `${name}@example.com`;
  const { token } = await signIn(t, email);
  const { id } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token, userId: id };
}
const points = (userId: string) => t.testDb.db.selectFrom('users').select(['points', 'lifetime_points'])
  .where('id', '=', userId).executeTakeFirstOrThrow().then((u) => Number(u.points));
const readRows = (userId: string) => t.testDb.db.selectFrom('ledger_entries').select('idempotency_key')
  .where('user_id', '=', userId).where('kind', '=', 'article').execute();

/** A ticket signed as the server signs it, issued long enough ago for any article. */
const oldTicket = (userId: string, articleId: string) => issueReadTicket(TEST_SECRET, userId, articleId, Date.now() - 61_000);

async function firstArticle() {
  const list = (await (await get('')).json()).data;
  return list[0] as { id: string; slug: string; value: number; minimumReadSeconds: number };
}

describe(`articles (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('lists the demo articles newest first, with their shape, to anonymous callers', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(data[0]).sort()).toEqual(
      ['author', 'id', 'mediaId', 'minimumReadSeconds', 'publishedAt', 'read', 'slug', 'summary', 'title', 'value'],
    );
    expect(data[0]).toMatchObject({ read: false, mediaId: expect.stringMatching(/^\/articles\/.+\.svg$/) });
    const times = data.map((a: { publishedAt: string }) => a.publishedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('answers one article by id or by slug, a ticket only for signed-in supporters, and 404 for anything else', async () => {
    const article = await firstArticle();
    const bySlug = await (await get(`/${article.slug}`)).json();
    const byId = await (await get(`/${article.id}`)).json();
    expect(bySlug.data.id).toBe(article.id);
    expect(byId.data.slug).toBe(article.slug);
    expect(bySlug.data.bodyHtml).toContain('<p>');
    expect(bySlug.data.readTicket).toBeNull();
    const { token } = await newUser('article-get');
    expect((await (await get(`/${article.slug}`, token)).json()).data.readTicket).toMatch(/^r1\./);
    const missing = await get('/no-such-article');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatchObject({ code: 'not_found', message: 'Article not found' });
  });

  it('needs a signed-in supporter to read', async () => {
    const article = await firstArticle();
    expect((await read(article.id, 'pk_demo_terrace', 'r1.x')).status).toBe(401);
  });

  it('refuses a read before the minimum reading time with 422 saying how long to wait, and pays nothing', async () => {
    const article = await firstArticle();
    const { token, userId } = await newUser('article-early');
    const { readTicket } = (await (await get(`/${article.id}`, token)).json()).data;
    const res = await read(article.id, token, readTicket);
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toMatch(/^You finished very quickly\. Keep reading for \d+ more seconds?, then try again\.$/);
    expect(await readRows(userId)).toEqual([]);
  });

  it('refuses forged tickets, another supporter\'s and another article\'s with 422', async () => {
    const [a, b] = (await (await get('')).json()).data as Array<{ id: string }>;
    const { token, userId } = await newUser('article-forged');
    const other = await newUser('article-other');
    const forged = `r1.${Date.now() - 61_000}.${'A'.repeat(43)}`;
    const wrongSecret = issueReadTicket('another-secret-another-secret-000000', userId, a!.id, Date.now() - 61_000);
    for (const checksum of [forged, wrongSecret, 'nonsense', oldTicket(other.userId, a!.id), oldTicket(userId, b!.id)]) {
      const res = await read(a!.id, token, checksum);
      expect(res.status).toBe(422);
      expect((await res.json()).error.message).toBe('This read could not be verified. Reload the article and try again.');
    }
    expect(await points(userId)).toBe(0);
  });

  it('pays the value once with the new standing; a replay pays nothing and the article shows as read', async () => {
    const article = await firstArticle();
    const { token, userId } = await newUser('article-read');
    const before = await points(userId);
    const checksum = oldTicket(userId, article.id);
    const first = await read(article.id, token, checksum);
    expect(first.status).toBe(200);
    const { data } = await first.json();
    expect(data.pointsAwarded).toBe(article.value);
    expect(data.standing.points).toBe(before + article.value);
    expect(data.article.read).toBe(true);
    const again = await (await read(article.slug, token, checksum)).json();
    expect(again.data).toMatchObject({ pointsAwarded: 0, standing: { points: before + article.value } });
    expect(await points(userId)).toBe(before + article.value);
    const listed = (await (await get('', token)).json()).data.find((a: { id: string }) => a.id === article.id);
    expect(listed.read).toBe(true);
    expect((await (await get(`/${article.id}`, token)).json()).data.readTicket).toBeNull();
  });

  it('pays once under 20 parallel reads', async () => {
    const article = await firstArticle();
    const { token, userId } = await newUser('article-parallel');
    const checksum = oldTicket(userId, article.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => read(article.id, token, checksum)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const paid = (await Promise.all(answers.map((r) => r.json()))).map((b) => b.data.pointsAwarded);
    expect(paid.filter((p) => p > 0)).toEqual([article.value]);
    expect(await readRows(userId)).toHaveLength(1);
    expect(await points(userId)).toBe(article.value);
  });
});
