import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { award, spend } from './ledger.ts';
import { decodeCursor, encodeCursor, type Transaction, type TransactionPage } from './transactions.routes.ts';

const INVALID_CURSOR = 'This cursor was not given out by this API. Start again from the first page (no cursor).';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

async function newUser(name: string): Promise<{ token: string; userId: string }> {
  const email = `${name}@example.com`;
  const { token } = await signIn(t, email);
  const { id } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token, userId: id };
}

const list = (token: string, query = '') =>
  t.app.request(`/api/user/me/transactions${query}`, { headers: headers(token) });

async function page(token: string, query = ''): Promise<TransactionPage> {
  const res = await list(token, query);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** Follows nextCursor from the newest page to the last; answers every page. */
async function walk(token: string, limit: number): Promise<TransactionPage[]> {
  const pages = [await page(token, `?limit=${limit}`)];
  while (pages.at(-1)!.nextCursor) {
    pages.push(await page(token, `?limit=${limit}&cursor=${pages.at(-1)!.nextCursor}`));
    if (pages.length > 1_000) throw new Error('the cursor never ends');
  }
  return pages;
}

/** The user's entries as the API should list them: newest first by (created_at, id). */
async function expectedOrder(userId: string): Promise<Transaction[]> {
  const rows = await t.testDb.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).execute();
  return rows
    .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
    .map((r) => ({
      id: r.id, amount: Number(r.amount), kind: r.kind, reference: r.reference, title: null, adjustmentReason: null, balanceAfter: Number(r.balance_after), createdAt: r.created_at,
    }));
}

/**
 * Writes `count` entries for the user through the ledger, several at each of a few frozen instants,
 * so pages must break ties on the id. Every fifth entry is a spend.
 */
async function fillLedger(userId: string, count: number, instants: string[], prefix: string): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  for (let i = 0; i < count; i += 1) {
    vi.setSystemTime(new Date(instants[i % instants.length]!));
    const change = { userId, idempotencyKey: `${prefix}:${i}`, reference: `ref-${i}` };
    if (i % 5 === 4) await spend(t.testDb.db, { ...change, amount: 3, kind: 'sweepstake_entry' });
    else await award(t.testDb.db, { ...change, amount: 10 + i, kind: i % 2 ? 'challenge' : 'checkin' });
  }
  vi.useRealTimers();
}

const INSTANTS = ['2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.001Z', '2026-03-02T08:15:30.250Z', '2026-02-27T23:59:59.999Z'];

describe(`GET /api/user/me/transactions (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('needs a signed-in user: the organization key alone gets 401, even with a bad query', async () => {
    for (const query of ['', '?limit=0', '?cursor=nonsense']) {
      const res = await list('pk_demo_terrace', query);
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('unauthorized');
    }
    expect((await t.app.request('/api/user/me/transactions')).status).toBe(401);
  });

  it('names the story, video or article an entry was for', async () => {
    const { token, userId } = await newUser('history-titles');
    const db = t.testDb.db;
    const story = await db.selectFrom('stories').select(['id', 'title']).executeTakeFirstOrThrow();
    const video = await db.selectFrom('videos').select(['id', 'name as title']).executeTakeFirstOrThrow();
    const article = await db.selectFrom('articles').select(['id', 'title']).executeTakeFirstOrThrow();
    for (const [kind, row] of [['story', story], ['video', video], ['article', article]] as const) {
      await award(db, { userId, amount: 5, kind, reference: row.id, idempotencyKey: `${kind}:${row.id}` });
    }
    const { data } = await page(token);
    expect(Object.fromEntries(data.map((row) => [row.kind, row.title]))).toEqual({ story: story.title, video: video.title, article: article.title });
  });

  it('answers an empty page with nextCursor null for a supporter with no entries', async () => {
    const { token } = await newUser('history-empty');
    expect(await page(token)).toEqual({ data: [], nextCursor: null });
  });

  it('walks every entry exactly once, newest first, across pages, and never shows another user\'s', async () => {
    const a = await newUser('history-a');
    const b = await newUser('history-b');
    // Interleaved, at the same instants, so only the user filter keeps them apart.
    await fillLedger(a.userId, 53, INSTANTS, 'a');
    await fillLedger(b.userId, 31, INSTANTS, 'b');
    const expected = await expectedOrder(a.userId);
    expect(expected).toHaveLength(53);
    const bIds = new Set((await expectedOrder(b.userId)).map((e) => e.id));

    for (const limit of [1, 7, 20, 53, 100]) {
      const pages = await walk(a.token, limit);
      expect(pages).toHaveLength(Math.ceil(53 / limit));
      expect(pages.slice(0, -1).every((p) => p.data.length === limit && p.nextCursor !== null)).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
      const seen = pages.flatMap((p) => p.data);
      expect(seen, `limit ${limit}`).toEqual(expected);
      expect(seen.some((e) => bIds.has(e.id))).toBe(false);
    }
    // Twenty by default.
    const first = await page(a.token);
    expect(first.data).toEqual(expected.slice(0, 20));
    expect(first.data[0]).toStrictEqual({
      id: expect.any(String), amount: expect.any(Number), kind: expect.any(String),
      reference: expect.any(String), title: null, adjustmentReason: null, balanceAfter: expect.any(Number), createdAt: expect.any(String),
    });
    expect(expected.filter((e) => e.amount < 0)).toHaveLength(10);
    expect(expected.every((e) => e.kind === 'sweepstake_entry' ? e.amount === -3 : e.amount > 0)).toBe(true);
  });

  it('keeps walking without repeats when new entries arrive between pages', async () => {
    const { token, userId } = await newUser('history-live');
    await fillLedger(userId, 12, INSTANTS, 'old');
    const before = await expectedOrder(userId);
    const first = await page(token, '?limit=5');
    // Newer than everything so far: it belongs before the cursor, so later pages do not show it.
    await award(t.testDb.db, { userId, amount: 5, kind: 'referral', idempotencyKey: 'new:1' });
    const rest: Transaction[] = [];
    for (let cursor = first.nextCursor; cursor;) {
      const next = await page(token, `?limit=5&cursor=${cursor}`);
      rest.push(...next.data);
      cursor = next.nextCursor;
    }
    expect([...first.data, ...rest]).toEqual(before);
    expect((await page(token, '?limit=1')).data[0]).toMatchObject({ kind: 'referral', amount: 5 });
  });

  it('answers nextCursor null when the last page is exactly full', async () => {
    const { token, userId } = await newUser('history-exact');
    await fillLedger(userId, 6, INSTANTS, 'x');
    const first = await page(token, '?limit=3');
    expect(first.nextCursor).not.toBeNull();
    expect(await page(token, `?limit=3&cursor=${first.nextCursor}`)).toMatchObject({ nextCursor: null });
    expect((await page(token, '?limit=6')).nextCursor).toBeNull();
  });

  it("uses another user's cursor only as a position in the caller's own ledger", async () => {
    const a = await newUser('history-c');
    const b = await newUser('history-d');
    await fillLedger(a.userId, 8, INSTANTS, 'c');
    await fillLedger(b.userId, 8, INSTANTS, 'd');
    const bCursor = (await page(b.token, '?limit=2')).nextCursor!;
    const position = decodeCursor(bCursor)!;
    const seen = (await page(a.token, `?limit=100&cursor=${bCursor}`)).data;
    const aIds = new Set((await expectedOrder(a.userId)).map((e) => e.id));
    expect(seen.every((e) => aIds.has(e.id))).toBe(true);
    expect(seen.every((e) => e.createdAt < position.createdAt || (e.createdAt === position.createdAt && e.id < position.id))).toBe(true);
  });

  it('answers 422 with a message per field for a bad limit', async () => {
    const { token } = await newUser('history-limit');
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '1e2', '20&limit=30']) {
      const res = await list(token, `?limit=${limit}`);
      expect(res.status, limit).toBe(422);
      const { error } = await res.json();
      expect(error.code).toBe('validation_failed');
      expect(error.details).toEqual({ limit: 'Send limit as a whole number from 1 to 100.' });
    }
    for (const limit of ['1', '100', '']) expect((await list(token, `?limit=${limit}`)).status, limit).toBe(200);
    const both = await list(token, '?limit=500&cursor=xyz');
    expect(Object.keys((await both.json()).error.details).sort()).toEqual(['cursor', 'limit']);
  });

  it('answers 422 with a clear message for an invalid or forged cursor', async () => {
    const { token } = await newUser('history-cursor');
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const good = encodeCursor({ createdAt: '2026-03-01T10:00:00.000Z', id: '0b8f1c4e-9a4c-4c9e-8f7e-2a1d3c4b5e6f' });
    const forged = [
      'nonsense', '!!!', `${good}=`, `${good}A`, 'a'.repeat(300), b64('not json'), b64('{"createdAt":"2026-03-01T10:00:00.000Z","id":"x"}'),
      b64('["2026-03-01T10:00:00.000Z"]'), b64('["2026-13-01T10:00:00.000Z","x"]'), b64('["2026-02-30T10:00:00.000Z","x"]'),
      b64('["2026-03-01 10:00:00","x"]'), b64('["2026-03-01T10:00:00.000Z",""]'), b64('["2026-03-01T10:00:00.000Z","x\' or 1=1 --"]'),
      b64('["2026-03-01T10:00:00.000Z",42]'), b64('[null,"x"]'),
    ];
    for (const cursor of forged) {
      const res = await list(token, `?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(422);
      expect((await res.json()).error).toMatchObject({ code: 'validation_failed', details: { cursor: INVALID_CURSOR } });
    }
    expect((await list(token, `?cursor=${good}`)).status).toBe(200);
    expect((await list(token, '?cursor=')).status).toBe(200);
  });

  it('is in the OpenAPI document with its query, answer and errors', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    const get = doc.paths['/user/me/transactions'].get;
    expect(get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['query:cursor', 'query:limit']);
    expect(get.parameters.find((p: { name: string }) => p.name === 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(Object.keys(get.responses).sort()).toEqual(['200', '401', '422']);
    expect(Object.keys(doc.components.schemas.Transaction.properties).sort())
      .toEqual(['adjustmentReason', 'amount', 'balanceAfter', 'createdAt', 'id', 'kind', 'reference', 'title']);
    expect(doc.components.schemas.TransactionPage.properties.nextCursor).toBeDefined();
  });
});

describe('the transactions cursor', () => {
  const instant = fc.date({ min: new Date('1970-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true })
    .map((d) => d.toISOString());

  it('decodes what it encodes', () => {
    fc.assert(fc.property(instant, fc.uuid(), (createdAt, id) => {
      expect(decodeCursor(encodeCursor({ createdAt, id }))).toEqual({ createdAt, id });
    }));
  });

  it('never throws on any text, and accepts only canonical base64url', () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (text) => {
      const decoded = decodeCursor(text);
      if (decoded) expect(encodeCursor(decoded)).toBe(text);
    }));
  });
});
