import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { award } from '../ledger/ledger.ts';
import { createDatabase, type Db } from '../db/connection.ts';
import { createTestApp, headers, signIn, TEST_SECRET, type TestApp } from '../testing/test-app.ts';
import { issueReadTicket } from '../content/article.ticket.ts';
import { issueWatchTicket } from '../content/video.ticket.ts';
import { dateInTimeZone } from '../users/age.ts';

// Issue 27's budget "one commit per write": every write that pays or spends points (a check-in, a challenge's answer,
// a read, a view, a story's last chapter, an activation, a sweepstake entry) sent with an Idempotency-Key
// with an Idempotency-Key commits once: the idempotency record, the award (or the spend) and the page-version bump
// together in its own transaction.

let t: TestApp;
let counted: { app: App; db: Db };
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // A second handle on the same database, logging every statement it runs (BEGIN and COMMIT included).
  const db = createDatabase(t.testDb.url, {
    ...(t.testDb.schema ? { schema: t.testDb.schema } : {}),
    log: (event) => { if (event.level === 'query') statements.push(event.query.sql); },
  });
  counted = { db, app: createApp({ db, mailer: t.mailer, secret: TEST_SECRET, publicUrl: 'http://terrace.test', production: false, media: t.media }) };
});

afterAll(async () => {
  await counted.db.destroy();
  await t.close();
});

/** A statement that ends a unit of work: a COMMIT, or a write outside any transaction (it commits on its own). */
function commits(run: string[]): number {
  let open = false;
  let n = 0;
  for (const text of run) {
    const word = text.trim().split(/\s+/)[0]!.toLowerCase();
    if (word === 'begin') open = true;
    else if (word === 'commit') { n += 1; open = false; } else if (word === 'rollback') open = false;
    else if (!open && ['insert', 'update', 'delete'].includes(word)) n += 1;
  }
  return n;
}

/** What a write leaves of itself: the supporter's ledger rows, answers, poll tallies and idempotency keys. */
async function writtenFor(email: string) {
  const db = t.testDb.db;
  const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return {
    ledger: await db.selectFrom('ledger_entries').selectAll().where('user_id', '=', id).orderBy('id').execute(),
    answers: await db.selectFrom('challenge_responses').selectAll().where('user_id', '=', id).orderBy('id').execute(),
    tallies: await db.selectFrom('poll_tallies').selectAll().orderBy(['challenge_id', 'response_index', 'shard']).execute(),
    keys: await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', `user:${id}`).orderBy('key').execute(),
  };
}
/** The supporter's page version (src/server/versions/): a write raises it once, in its own transaction. */
async function pageVersion(email: string): Promise<number> {
  const row = await t.testDb.db.selectFrom('users').select('page_version').where('email', '=', email).executeTakeFirstOrThrow();
  return Number(row.page_version);
}

async function send(path: string, token: string, body: unknown, key = randomUUID()): Promise<{ response: Response; run: string[] }> {
  statements.length = 0;
  const response = await counted.app.request(path, {
    method: 'POST', headers: headers(token, { 'Idempotency-Key': key }), ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { response, run: [...statements] };
}

const report = (what: string, run: string[]) => console.log(`${what}: ${run.length} statements, ${commits(run)} commit(s)\n  ${run.map((s) => s.replace(/\s+/g, ' ').slice(0, 140)).join('\n  ')}`);

describe(`one commit per write (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('a check-in commits once: the idempotency record, the award and the page version together', async () => {
    const email = 'one-commit-checkin@example.com';
    const { token } = await signIn(t, email);
    const key = randomUUID();
    const version = await pageVersion(email);
    const { response, run } = await send('/api/checkin', token, undefined, key);
    report('check-in', run);
    expect(response.status).toBe(200);
    expect(commits(run)).toBe(1);
    expect(await pageVersion(email)).toBe(version + 1);
    // The retry is answered from the record, byte for byte, and writes nothing of the write's.
    const first = await response.text();
    const written = await writtenFor(email);
    const retry = await send('/api/checkin', token, undefined, key);
    expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await retry.response.text()).toBe(first);
    expect(await writtenFor(email)).toEqual(written);
  });

  it('a check-in without a key commits once too', async () => {
    const { token } = await signIn(t, 'one-commit-keyless@example.com');
    statements.length = 0;
    const response = await counted.app.request('/api/checkin', { method: 'POST', headers: headers(token) });
    expect(response.status).toBe(200);
    expect(commits([...statements])).toBe(1);
  });

  it('a refused award stores nothing of it (no entry, no pending claim); the refusal is kept, and replayed', async () => {
    const { token } = await signIn(t, 'one-commit-refused@example.com');
    const user = await t.testDb.db.selectFrom('users').select('id').where('email', '=', 'one-commit-refused@example.com').executeTakeFirstOrThrow();
    expect((await send('/api/checkin', token, undefined)).response.status).toBe(200);
    // Today's check-in again, under a new key: refused inside the award's transaction, which rolls back whole.
    const key = randomUUID();
    const { response, run } = await send('/api/checkin', token, undefined, key);
    expect(response.status).toBe(422);
    expect(run.some((text) => /^\s*rollback/i.test(text))).toBe(true);
    expect(await t.testDb.db.selectFrom('ledger_entries').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    expect(await t.testDb.db.selectFrom('idempotency_keys').select(['status', 'response_status']).where('key', '=', key).execute())
      .toEqual([{ status: 'completed', response_status: 422 }]);
    const retry = await send('/api/checkin', token, undefined, key);
    expect(retry.response.status).toBe(422);
    expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await retry.response.text()).toBe(await response.text());
  });

  it('answers two simultaneous sends of one key once: one award, the other a replay of it', async () => {
    const { token } = await signIn(t, 'one-commit-twice@example.com');
    const key = randomUUID();
    const [a, b] = await Promise.all([1, 2].map(() => counted.app.request('/api/checkin', { method: 'POST', headers: headers(token, { 'Idempotency-Key': key }) })));
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect([a!, b!].filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(1);
    expect(await a!.text()).toBe(await b!.text());
    const user = await t.testDb.db.selectFrom('users').select('id').where('email', '=', 'one-commit-twice@example.com').executeTakeFirstOrThrow();
    expect(await t.testDb.db.selectFrom('ledger_entries').select('id').where('user_id', '=', user.id).where('kind', '=', 'checkin').execute()).toHaveLength(1);
  });

  it('a poll vote commits once', async () => {
    const email = 'one-commit-vote@example.com';
    const { token } = await signIn(t, email);
    const poll = await t.testDb.db.selectFrom('challenges').select('id').where('title', '=', 'Boxing Day kit').executeTakeFirstOrThrow();
    // Another supporter's vote first: the poll's first vote reads the badge of ten's state in a statement of its own.
    const other = await signIn(t, 'one-commit-vote-first@example.com');
    expect((await send(`/api/challenge/${poll.id}`, other.token, { poll: { responseIndex: 0 } })).response.status).toBe(200);
    const key = randomUUID();
    const version = await pageVersion(email);
    const { response, run } = await send(`/api/challenge/${poll.id}`, token, { poll: { responseIndex: 1 } }, key);
    report('poll vote', run);
    expect(response.status).toBe(200);
    expect(commits(run)).toBe(1);
    // On PostgreSQL the vote's statement read it: no statement of the badge's own.
    const badgeReads = run.filter((text) => text.startsWith('select exists') && text.includes('"milestones_earned"'));
    expect(badgeReads).toHaveLength(process.env['TEST_DATABASE_URL'] ? 0 : 1);
    expect(await pageVersion(email)).toBe(version + 1);
    const written = await writtenFor(email);
    const retry = await send(`/api/challenge/${poll.id}`, token, { poll: { responseIndex: 1 } }, key);
    expect(retry.response.status).toBe(200);
    expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await writtenFor(email)).toEqual(written);
  });

  it('a keyword guess commits once, wrong or right: the guess counted with its refusal, or with its award', async () => {
    const email = 'one-commit-keyword@example.com';
    const { token } = await signIn(t, email);
    const keyword = await t.testDb.db.selectFrom('challenges').select('id').where('subtype', '=', 'keyword')
      .where('title', '=', 'Matchday programme keyword').executeTakeFirstOrThrow();
    const guesses = async () => (await t.testDb.db.selectFrom('keyword_guesses').select('keyword_guesses.id')
      .innerJoin('users', 'users.id', 'keyword_guesses.user_id').where('users.email', '=', email).execute()).length;
    const version = await pageVersion(email);
    const key = randomUUID();
    const wrong = await send(`/api/challenge/${keyword.id}`, token, { input: { response: 'floodlight' } }, key);
    report('wrong keyword', wrong.run);
    expect(wrong.response.status).toBe(422);
    expect((await wrong.response.json()).error.message).toBe('That is not the keyword. Try again.');
    expect(commits(wrong.run)).toBe(1);
    expect(await guesses()).toBe(1);
    // Raised in the guess's own transaction, as the after-write hook raises it after any write, refused or not.
    expect(await pageVersion(email)).toBe(version + 1);
    const retry = await send(`/api/challenge/${keyword.id}`, token, { input: { response: 'floodlight' } }, key);
    expect(retry.response.status).toBe(422);
    expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await guesses()).toBe(1);

    const beforeRight = await pageVersion(email);
    const right = await send(`/api/challenge/${keyword.id}`, token, { input: { response: 'Lamplighter' } });
    report('right keyword', right.run);
    expect(right.response.status).toBe(200);
    expect(commits(right.run)).toBe(1);
    expect(await guesses()).toBe(2);
    expect(await pageVersion(email)).toBe(beforeRight + 1);
    expect((await writtenFor(email)).ledger).toHaveLength(1);
    // A guess at a keyword already answered is refused and not counted.
    const again = await send(`/api/challenge/${keyword.id}`, token, { input: { response: 'Lamplighter' } });
    expect(again.response.status).toBe(422);
    expect(await guesses()).toBe(2);
  });

  it('a feedback answer commits once', async () => {
    const { token } = await signIn(t, 'one-commit-feedback@example.com');
    const feedback = await t.testDb.db.selectFrom('challenges').select('id').where('subtype', '=', 'feedback').executeTakeFirstOrThrow();
    const { response, run } = await send(`/api/challenge/${feedback.id}`, token, { input: { response: 'More away-day coaches, please.' } });
    expect(response.status).toBe(200);
    expect(commits(run)).toBe(1);
  });

  it('a read, a video view, a story\'s chapters and an activation commit once each, the award with the key and the version', async () => {
    const email = 'one-commit-content@example.com';
    const { token } = await signIn(t, email);
    const { id: userId } = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const db = t.testDb.db;
    const anHourAgo = Date.now() - 3_600_000;
    const article = await db.selectFrom('articles').select('id').where('value', '>', 0).executeTakeFirstOrThrow();
    const video = await db.selectFrom('videos').select('id').where('value', '>', 0).executeTakeFirstOrThrow();
    const writes: Array<[string, string, unknown]> = [
      ['article read', `/api/content/articles/${article.id}/read`, { checksum: issueReadTicket(TEST_SECRET, userId, article.id, anHourAgo) }],
      ['video view', `/api/content/videos/${video.id}/view`, { checksum: issueWatchTicket(TEST_SECRET, userId, video.id, anHourAgo) }],
      ['activation', '/api/activations/activate-user', { slug: 'matchday-millbank' }],
    ];
    // Every chapter of a paying story open to everyone: the last view pays it.
    const stories = (await (await counted.app.request('/api/content/stories', { headers: headers(token) })).json()).data as
      Array<{ id: string; value: number; chapters: Array<{ id: string }> }>;
    const story = stories.find((s) => s.value > 0)!;
    for (const chapter of story.chapters) writes.push([`chapter ${chapter.id}`, `/api/content/stories/${story.id}/chapter-view/${chapter.id}`, undefined]);
    for (const [what, path, body] of writes) {
      const version = await pageVersion(email);
      const { response, run } = await send(path, token, body);
      report(what, run);
      expect(response.status, what).toBe(200);
      expect(commits(run), what).toBe(1);
      expect(await pageVersion(email), what).toBe(version + 1);
    }
    const paid = (await writtenFor(email)).ledger.map((row) => row.kind).sort();
    expect(paid).toEqual(['activation', 'article', 'story', 'video']);
  });

  it('a membership choice and an experience request commit once each', async () => {
    const { token } = await signIn(t, 'one-commit-choices@example.com');
    const choice = await send('/api/membership/choose', token, { membership: 'entry' });
    expect(choice.response.status).toBe(200);
    expect(commits(choice.run)).toBe(1);
    const experiences = (await (await counted.app.request('/api/experiences', { headers: headers(token) })).json()).data as
      Array<{ id: string; state: string }>;
    const experience = experiences.find((e) => e.state === 'available')!;
    const request = await send(`/api/experiences/${experience.id}/request`, token, undefined);
    report('experience request', request.run);
    expect(request.response.status).toBe(200);
    expect((await request.response.json()).data.alreadyRequested).toBe(false);
    expect(commits(request.run)).toBe(1);
  });

  it('a sweepstake entry commits once, the free entry too: the key, the spend and the entry, the page version', async () => {
    const email = 'one-commit-entry@example.com';
    const { token } = await signIn(t, email);
    const user = await t.testDb.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await t.testDb.db.updateTable('users').set({ birthday: '1990-05-17' }).where('id', '=', user.id).execute();
    await award(t.testDb.db, { userId: user.id, amount: 500, kind: 'challenge', idempotencyKey: `top-up:${randomUUID()}` });
    const live = await t.testDb.db.selectFrom('sweepstakes').select('id')
      .where('frozen_at', 'is', null).where('cancelled_at', 'is', null).where('draft', '=', 0)
      .where('starts_at', '<=', new Date().toISOString()).where('ends_at', '>', new Date().toISOString())
      .orderBy('cost_per_entry').executeTakeFirstOrThrow();
    const key = randomUUID();
    const version = await pageVersion(email);
    const { response, run } = await send(`/api/sweepstake/${live.id}/entry`, token, { count: 1 }, key);
    report('sweepstake entry', run);
    expect(response.status).toBe(200);
    expect(commits(run)).toBe(1);
    expect(await pageVersion(email)).toBe(version + 1);
    const retry = await send(`/api/sweepstake/${live.id}/entry`, token, { count: 1 }, key);
    expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await retry.response.text()).toBe(await response.text());
    const free = await send(`/api/sweepstake/${live.id}/free-entry`, token, undefined);
    expect(free.response.status).toBe(200);
    expect(commits(free.run)).toBe(1);
    const entries = await t.testDb.db.selectFrom('sweepstake_entries').select('tickets').where('user_id', '=', user.id).execute();
    expect(entries).toHaveLength(2);
  });

  it('a birthday bonus paid as the page reads the supporter commits once, with the page version; the next read writes nothing', async () => {
    const email = 'one-commit-birthday@example.com';
    const { token } = await signIn(t, email);
    const { time_zone: timeZone } = await t.testDb.db.selectFrom('organizations').select('time_zone').executeTakeFirstOrThrow();
    // A birthday today, on the profile for long enough (30 days) to be paid.
    await t.testDb.db.updateTable('users').set({ birthday: `1990-${dateInTimeZone(new Date(), timeZone).slice(5)}`, birthday_set_at: '2000-01-01T00:00:00.000Z' })
      .where('email', '=', email).execute();
    const version = await pageVersion(email);
    const read = async () => {
      statements.length = 0;
      const response = await counted.app.request('/api/user/me', { headers: headers(token) });
      return { data: (await response.json()).data as { points: number; properties: { birthdayBonusPoints: number } }, run: [...statements] };
    };
    const first = await read();
    report('birthday bonus on GET /api/user/me', first.run);
    expect(first.data.properties.birthdayBonusPoints).toBe(50);
    expect(first.data.points).toBe(50);
    expect(commits(first.run)).toBe(1);
    expect(await pageVersion(email)).toBe(version + 1);
    const again = await read();
    expect(again.data.points).toBe(50);
    expect(commits(again.run)).toBe(0);
    expect(await pageVersion(email)).toBe(version + 1);
  });

  it('every other write of a supporter that is one transaction commits once too, and its retry is the first answer', async () => {
    const email = 'one-commit-others@example.com';
    const { token } = await signIn(t, email);
    const read = async <T>(path: string) => (await (await counted.app.request(path, { headers: headers(token) })).json()).data as T;
    const consent = (await read<Array<{ id: string; consentId: string }>>('/api/consent/user'))[0]!;
    const playlist = (await read<Array<{ id: string }>>('/api/content/playlists'))[0]!;
    const arcade = (await read<Array<{ challengeId: string; completed: boolean }>>('/api/challenge/type/arcade')).find((c) => !c.completed)!;
    const writes: Array<[method: string, path: string, body: unknown, status: number]> = [
      ['PATCH', '/api/user/me', { firstName: 'Robin' }, 201],
      ['POST', '/api/user/me/welcome', undefined, 201],
      ['PUT', '/api/leaderboards/name', { named: true }, 200],
      ['PATCH', `/api/consent/user/${consent.id}`, { consentId: consent.consentId, value: 1 }, 200],
      ['DELETE', '/api/carousel/kit-launch', undefined, 200],
      ['POST', '/api/rewards/birthday/seen', undefined, 200],
      ['POST', `/api/content/playlists/${playlist.id}/open`, undefined, 200],
      ['POST', `/api/challenge/${arcade.challengeId}/play`, undefined, 201],
    ];
    for (const [method, path, body, status] of writes) {
      const key = randomUUID();
      const sent = async () => {
        statements.length = 0;
        const response = await counted.app.request(path, {
          method, headers: headers(token, { 'Idempotency-Key': key }), ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { response, run: [...statements] };
      };
      const version = await pageVersion(email);
      const first = await sent();
      expect(first.response.status, `${method} ${path}`).toBe(status);
      expect(commits(first.run), `${method} ${path}`).toBe(1);
      expect(await pageVersion(email), `${method} ${path}`).toBe(version + 1);
      const retry = await sent();
      expect(retry.response.headers.get('Idempotent-Replayed'), `${method} ${path}`).toBe('true');
      expect(await retry.response.text()).toBe(await first.response.text());
      expect(await pageVersion(email), `${method} ${path}`).toBe(version + 1);
    }
  });
});
