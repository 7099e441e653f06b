import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';
import { DEMO_CHALLENGES, DEMO_EXCLUDED_CHALLENGE_IDS } from './challenge.demo.ts';

// The API's English texts (src/shared/i18n/messages/en/api.ts): unchanged, whatever the language plumbing.
const NOT_FOUND = 'Challenge not found';
const CLOSED = 'This challenge has closed.';
const WRONG_KEYWORD = 'That is not the keyword. Try again.';
const ALREADY_ANSWERED = 'You have already answered this challenge.';

let t: TestApp;
let ids: Record<string, string>;
let organizationId: string;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.testDb.db.selectFrom('challenges').select(['id', 'title', 'organization_id']).execute();
  ids = Object.fromEntries(rows.map((r) => [r.title, r.id]));
  organizationId = rows[0]!.organization_id;
});
afterAll(() => t.close());

const ANON = 'pk_demo_terrace';
const get = (path: string, token = ANON) => t.app.request(`/api/challenge${path}`, { headers: headers(token) });
const post = (id: string, token: string, body: unknown) =>
  t.app.request(`/api/challenge/${id}`, { method: 'POST', headers: headers(token), body: JSON.stringify(body) });
const points = async (token: string) => (await (await t.app.request('/api/user/me/points', { headers: headers(token) })).json()).data;
let n = 0;
const newUser = async () => (await signIn(t, `challenger-${(n += 1)}@example.com`)).token;

async function expectError(res: Response, status: number, code: string, message?: string) {
  expect(res.status).toBe(status);
  const { error } = await res.json();
  expect(error.code).toBe(code);
  if (message) expect(error.message).toBe(message);
}

const PLAYER = 'Player of the Month: October';
const KEYWORD = 'Matchday programme keyword';
const FEEDBACK = 'How was your matchday?';
const HISTORY = 'Terrace FC history quiz';
const DERBY = 'Derby day: Terrace FC vs Millbank Rovers';
const HARBOUR = 'Harbour Town away';

describe(`challenges (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('lists visible challenges newest first to anonymous callers, without hidden, excluded or user data', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    const titles = data.map((c: { title: string }) => c.title);
    expect(titles).toEqual([
      PLAYER, 'Squad numbers quiz', DERBY, KEYWORD, 'Keepy-uppy', 'Boxing Day kit', FEEDBACK, 'Best away day so far', HISTORY, HARBOUR,
      'Goal of the Season 2025/26',
    ]);
    expect(titles).not.toContain('Pre-season tour destination');
    expect(titles).not.toContain('Half-time pie or burger?');
    for (const c of data) {
      expect(c.userResponse).toBeNull();
      expect(c.pollResponseIndex).toBeNull();
      expect(c.completed).toBe(c.title === 'Goal of the Season 2025/26' || c.title === HARBOUR);
    }
    const poll = data.find((c: { title: string }) => c.title === PLAYER);
    expect(poll).toMatchObject({ type: 'poll', subtype: 'poll', value: 20, outcome: null, challengeType: null });
    expect(poll.options.map((o: { label: string }) => o.label)).toEqual(['Rhys Calder', 'Tomás Ferreira', 'Kwame Mensah', 'Liam Doyle']);
  });

  it('excludes ten challenge ids in the demo organization (spec section 9), each of them otherwise visible', async () => {
    const before = (await t.testDb.db.selectFrom('organization_settings').select('value')
      .where('organization_id', '=', organizationId).where('key', '=', 'excludedChallengeIds').executeTakeFirstOrThrow()).value;
    expect(before.split(',')).toEqual(DEMO_EXCLUDED_CHALLENGE_IDS);
    expect(new Set(DEMO_EXCLUDED_CHALLENGE_IDS).size).toBe(10);
    const hidden = DEMO_CHALLENGES.filter((d) => d.excludedId);
    // Every one is visible and open by its dates: only the exclusion hides it.
    for (const d of hidden) expect(d.visibleIn < 0 && (d.expiresIn === null || d.expiresIn > 0), d.title).toBe(true);
    const listed = (await (await get('')).json()).data.map((c: { challengeId: string }) => c.challengeId);
    for (const id of DEMO_EXCLUDED_CHALLENGE_IDS) {
      expect(listed).not.toContain(id);
      await expectError(await get(`/${id}`), 404, 'not_found', NOT_FOUND);
    }
    // Every kind of list leaves them out too.
    for (const subtype of ['poll', 'pickem', 'arcade', 'trivia', 'keyword', 'feedback']) {
      const titles = (await (await get(`/type/${subtype}`)).json()).data.map((c: { title: string }) => c.title);
      for (const d of hidden) expect(titles).not.toContain(d.title);
    }
  });

  it('reads the excluded ids from the organization setting', async () => {
    const setting = (value: string) => t.testDb.db.updateTable('organization_settings').set({ value })
      .where('organization_id', '=', organizationId).where('key', '=', 'excludedChallengeIds').execute();
    const before = (await t.testDb.db.selectFrom('organization_settings').select('value')
      .where('organization_id', '=', organizationId).where('key', '=', 'excludedChallengeIds').executeTakeFirstOrThrow()).value;
    try {
      await setting(` ${ids[PLAYER]} , ${ids['Boxing Day kit']}`);
      const titles = (await (await get('/type/poll')).json()).data.map((c: { title: string }) => c.title);
      expect(titles).toEqual([
        'Player of the Month: November', 'Half-time pie or burger?', 'Boxing Day kit (copy)', 'Best away day so far',
        'Away travel: coach or train?', 'Goal of the Season 2025/26',
      ]);
      await expectError(await get(`/${ids[PLAYER]}`), 404, 'not_found', NOT_FOUND);
    } finally {
      await setting(before);
    }
  });

  it('lists by subtype, and rejects an unknown subtype', async () => {
    const trivia = (await (await get('/type/trivia')).json()).data;
    expect(trivia.map((c: { title: string }) => c.title)).toEqual(['Squad numbers quiz', HISTORY]);
    expect(trivia[1].challengeType.questions).toEqual([
      { questionId: 'founded', text: 'In which year was Terrace FC founded?', options: ['1888', '1902', '1926', '1947'], points: 10, triviaUserResponse: null },
      expect.objectContaining({ questionId: 'ground' }), expect.objectContaining({ questionId: 'nickname' }),
    ]);
    expect((await (await get('/type/keyword')).json()).data.map((c: { title: string }) => c.title)).toEqual([KEYWORD]);
    const pickems = (await (await get('/type/pickem')).json()).data;
    expect(pickems.map((c: { title: string; outcome: number | null }) => [c.title, c.outcome])).toEqual([[DERBY, null], [HARBOUR, 0]]);
    expect(pickems[0].options).toEqual([
      { label: 'Terrace FC win', points: 20 }, { label: 'Draw', points: 30 }, { label: 'Millbank Rovers win', points: 40 },
    ]);
    expect((await get('/type/bingo')).status).toBe(422);
  });

  it('answers 404 Challenge not found for unknown, not yet visible and excluded challenges', async () => {
    const token = await newUser();
    for (const id of ['no-such-challenge', ids['Pre-season tour destination']!, ids['Half-time pie or burger?']!]) {
      await expectError(await get(`/${id}`), 404, 'not_found', NOT_FOUND);
      await expectError(await post(id, token, { poll: { responseIndex: 0 } }), 404, 'not_found', NOT_FOUND);
    }
    const one = await (await get(`/${ids[KEYWORD]}`)).json();
    expect(one.data).toMatchObject({ challengeId: ids[KEYWORD], type: 'input', subtype: 'keyword', hint: expect.any(String), value: 50 });
  });

  it('needs a signed-in user to answer, and exactly one of poll, input or trivia', async () => {
    await expectError(await post(ids[PLAYER]!, ANON, { poll: { responseIndex: 0 } }), 401, 'unauthorized');
    const token = await newUser();
    await expectError(await post(ids[PLAYER]!, token, {}), 422, 'validation_failed');
    await expectError(await post(ids[PLAYER]!, token, { poll: { responseIndex: 0 }, input: { response: 'x' } }), 422, 'validation_failed');
    await expectError(await post(ids[PLAYER]!, token, { poll: { responseIndex: -1 } }), 422, 'validation_failed');
  });

  it('refuses a body of the wrong type with a clear 422', async () => {
    const token = await newUser();
    await expectError(await post(ids[PLAYER]!, token, { input: { response: 'Calder' } }), 422, 'challenge_submission_failed',
      'This is a poll challenge: send { "poll": { "responseIndex" } }.');
    await expectError(await post(ids[KEYWORD]!, token, { poll: { responseIndex: 0 } }), 422, 'challenge_submission_failed',
      'This is a keyword challenge: send { "input": { "response" } }.');
    await expectError(await post(ids[HISTORY]!, token, { input: { response: '1902' } }), 422, 'challenge_submission_failed',
      'This is a trivia challenge: send { "trivia": { "questionId", "responseIndex" } }.');
    expect(await points(token)).toEqual({ points: 0, lifetime_points: 0 });
  });

  it('records a poll vote once, awards its value once, and answers the vote shares', async () => {
    const [a, b] = [await newUser(), await newUser()];
    await expectError(await post(ids[PLAYER]!, a, { poll: { responseIndex: 4 } }), 422, 'challenge_submission_failed', 'Choose one of the options.');
    const first = await post(ids[PLAYER]!, a, { poll: { responseIndex: 1 } });
    expect(first.status).toBe(200);
    const { data } = await first.json();
    expect(data.pointsAwarded).toBe(20);
    expect(data.challenge).toMatchObject({ pollResponseIndex: 1, completed: true, userResponse: null });
    expect(data.poll).toEqual({ totalVotes: 1, options: [
      { label: 'Rhys Calder', votes: 0, percent: 0 }, { label: 'Tomás Ferreira', votes: 1, percent: 100 },
      { label: 'Kwame Mensah', votes: 0, percent: 0 }, { label: 'Liam Doyle', votes: 0, percent: 0 },
    ] });
    expect(await points(a)).toEqual({ points: 20, lifetime_points: 20 });

    await expectError(await post(ids[PLAYER]!, a, { poll: { responseIndex: 2 } }), 422, 'challenge_submission_failed', ALREADY_ANSWERED);
    expect(await points(a)).toEqual({ points: 20, lifetime_points: 20 });

    const second = (await (await post(ids[PLAYER]!, b, { poll: { responseIndex: 3 } })).json()).data;
    expect(second.poll.totalVotes).toBe(2);
    expect(second.poll.options.map((o: { percent: number }) => o.percent)).toEqual([0, 50, 0, 50]);
    expect(await points(b)).toEqual({ points: 20, lifetime_points: 20 });

    const read = (await (await get(`/${ids[PLAYER]}`, a)).json()).data;
    expect(read).toMatchObject({ pollResponseIndex: 1, completed: true });
    const listed = (await (await get('', a)).json()).data.find((c: { challengeId: string }) => c.challengeId === ids[PLAYER]);
    expect(listed).toMatchObject({ pollResponseIndex: 1, completed: true });
    const ledger = await t.testDb.db.selectFrom('ledger_entries').select(['kind', 'reference', 'idempotency_key', 'amount'])
      .where('reference', '=', ids[PLAYER]!).execute();
    expect(ledger).toHaveLength(2);
    expect(ledger[0]).toEqual({ kind: 'challenge', reference: ids[PLAYER], idempotency_key: `challenge:${ids[PLAYER]}`, amount: 20 });
  });

  it('lets exactly one of 10 concurrent votes by one user through', async () => {
    const token = await newUser();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(ids['Boxing Day kit']!, token, { poll: { responseIndex: i % 3 } })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) await expectError(res, 422, 'challenge_submission_failed', ALREADY_ANSWERED);
    expect(await points(token)).toEqual({ points: 15, lifetime_points: 15 });
  });

  it('refuses an expired challenge with 422 This challenge has closed.', async () => {
    const token = await newUser();
    await expectError(await post(ids['Goal of the Season 2025/26']!, token, { poll: { responseIndex: 0 } }), 422, 'challenge_closed', CLOSED);
    expect(await points(token)).toEqual({ points: 0, lifetime_points: 0 });
  });

  it('awards a keyword on a trimmed, case-insensitive match only, once', async () => {
    const token = await newUser();
    await expectError(await post(ids[KEYWORD]!, token, { input: { response: 'Ironside' } }), 422, 'challenge_submission_failed', WRONG_KEYWORD);
    await expectError(await post(ids[KEYWORD]!, token, { input: { response: '   ' } }), 422, 'challenge_submission_failed', WRONG_KEYWORD);
    expect(await points(token)).toEqual({ points: 0, lifetime_points: 0 });
    const ok = await post(ids[KEYWORD]!, token, { input: { response: '  lampLIGHTER ' } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ pointsAwarded: 50, challenge: { userResponse: 'lampLIGHTER', completed: true } });
    expect(await points(token)).toEqual({ points: 50, lifetime_points: 50 });
    await expectError(await post(ids[KEYWORD]!, token, { input: { response: 'Lamplighter' } }), 422, 'challenge_submission_failed', ALREADY_ANSWERED);
    expect(await points(token)).toEqual({ points: 50, lifetime_points: 50 });
  });

  it('takes feedback of 1 to 2000 characters and awards its value once', async () => {
    const token = await newUser();
    await expectError(await post(ids[FEEDBACK]!, token, { input: { response: '  ' } }), 422, 'challenge_submission_failed', 'Write your feedback before sending it.');
    await expectError(await post(ids[FEEDBACK]!, token, { input: { response: 'x'.repeat(2001) } }), 422, 'challenge_submission_failed',
      'Feedback can be at most 2000 characters.');
    const ok = await post(ids[FEEDBACK]!, token, { input: { response: ' Great atmosphere, long pie queue. ' } });
    expect((await ok.json()).data).toMatchObject({ pointsAwarded: 25, challenge: { userResponse: 'Great atmosphere, long pie queue.', completed: true } });
    expect(await points(token)).toEqual({ points: 25, lifetime_points: 25 });
    await expectError(await post(ids[FEEDBACK]!, token, { input: { response: 'again' } }), 422, 'challenge_submission_failed', ALREADY_ANSWERED);
    expect(await points(token)).toEqual({ points: 25, lifetime_points: 25 });
    expect((await (await get(`/${ids[FEEDBACK]}`, token)).json()).data.userResponse).toBe('Great atmosphere, long pie queue.');
  });

  it('replays the first answer to a retried POST with the same Idempotency-Key', async () => {
    const token = await newUser();
    const send = () => t.app.request(`/api/challenge/${ids['Best away day so far']}`, {
      method: 'POST', headers: headers(token, { 'Idempotency-Key': 'b1c6a8f4-6f1e-4a59-9d3c-3d1f7c0a2e11' }),
      body: JSON.stringify({ poll: { responseIndex: 2 } }),
    });
    const first = await send();
    const retry = await send();
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(await retry.text()).toBe(await first.text());
    expect(await points(token)).toEqual({ points: 15, lifetime_points: 15 });
  });

  it('never sends the keyword or a correct answer index', async () => {
    const token = await newUser();
    await post(ids[HISTORY]!, token, { trivia: { questionId: 'founded', responseIndex: 0 } });
    const bodies = await Promise.all([
      '', '/type/keyword', '/type/trivia', `/${ids[KEYWORD]}`, `/${ids[HISTORY]}`, `/${ids['Squad numbers quiz']}`,
    ].flatMap((path) => [get(path), get(path, token)]).map(async (r) => (await r).text()));
    for (const body of bodies) {
      expect(body.toLowerCase()).not.toContain('lamplighter');
      expect(body).not.toContain('correctIndex');
      expect(body).not.toContain('"answer":"');
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths['/challenge/{id}'])).toEqual(['get', 'post']);
    expect(doc.paths['/challenge']).toHaveProperty('get');
    expect(doc.paths['/challenge/type/{subtype}']).toHaveProperty('get');
    expect(Object.keys(doc.components.schemas.Challenge.properties)).not.toContain('answer');
  });

  it("answers every submission with the supporter's new standing, awarded or not, and lists `open` as the server decides it", async () => {
    const token = await newUser();
    const standing = async (res: Response) => {
      expect(res.status).toBe(200);
      return (await res.json()).data.standing;
    };
    const rank = (points: number) => ({
      points, lifetimePoints: points, rank: { name: 'P10', title: 'Debut', perk: 'Check in every day to start the climb.' },
      nextRank: { name: 'P9', title: 'Regular', perk: 'Stories made for P9 supporters.', pointsRequired: 100 },
    });
    expect(await standing(await post(ids[KEYWORD]!, token, { input: { response: 'Lamplighter' } })))
      .toEqual({ ...rank(50), rankProgress: { percent: 50, pointsToNext: 50 }, moments: [] });
    expect(await standing(await post(ids[FEEDBACK]!, token, { input: { response: 'Great atmosphere.' } }))).toMatchObject(rank(75));
    // A wrong quiz answer awards nothing: the standing is the balance as it is (quiz.test.ts pays right ones).
    expect(await standing(await post(ids[HISTORY]!, token, { trivia: { questionId: 'founded', responseIndex: 0 } }))).toMatchObject(rank(75));
    // A pick awards nothing until the outcome.
    expect(await standing(await post(ids[DERBY]!, token, { poll: { responseIndex: 0 } }))).toMatchObject(rank(75));
    const vote = await standing(await post(ids[PLAYER]!, token, { poll: { responseIndex: 0 } }));
    expect(vote).toEqual({ ...rank(95), rankProgress: { percent: 95, pointsToNext: 5 }, moments: [] });
    expect(await points(token)).toEqual({ points: 95, lifetime_points: 95 });

    const open = Object.fromEntries(((await (await get('', token)).json()).data as Array<{ title: string; open: boolean }>).map((c) => [c.title, c.open]));
    // Answered: closed to this supporter; the quiz is half done and the pick can still change: open.
    expect(open).toMatchObject({ [KEYWORD]: false, [FEEDBACK]: false, [PLAYER]: false, [HISTORY]: true, [DERBY]: true, [HARBOUR]: false });
    const anonymous = Object.fromEntries(((await (await get('')).json()).data as Array<{ title: string; open: boolean }>).map((c) => [c.title, c.open]));
    expect(anonymous).toMatchObject({ [KEYWORD]: true, [PLAYER]: true, [DERBY]: true, [HARBOUR]: false });
  });
});
