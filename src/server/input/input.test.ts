import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let token: string;
let challenges: { challengeId: string; subtype: string }[];
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t, 'hostile-input@example.com'));
  challenges = (await (await t.app.request('/api/challenge', { headers: headers(token) })).json()).data;
});
afterAll(() => t.close());

const idOf = (subtype: string) => challenges.find((c) => c.subtype === subtype)!.challengeId;
function send(method: string, path: string, body?: string, bearer = token) {
  return t.app.request(`/api${path}`, { method, headers: headers(bearer), ...(body === undefined ? {} : { body }) });
}
const me = async () => (await (await send('GET', '/user/me')).json()).data;

async function expectRefused(res: Response, field: string | RegExp) {
  expect(res.status).toBe(422);
  const { error } = await res.json();
  expect(error).toMatchObject({ code: 'validation_failed', message: 'Some fields are not valid.', requestId: expect.any(String) });
  expect(Object.keys(error.details)).toEqual([expect.stringMatching(field)]);
  return error.details as Record<string, string>;
}

const dialect = process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite';

describe(`control characters in a request (${dialect})`, () => {
  it('refuses a NUL in a path parameter with 422, also on the admin outcome path', async () => {
    await expectRefused(await send('GET', '/challenge/%00'), 'path');
    await expectRefused(await send('GET', `/challenge/${idOf('poll')}%00`), 'path');
    await expectRefused(await send('PATCH', '/consent/user/%00', JSON.stringify({ consentId: 'x', value: 1 })), 'path');
    const admin = await send('POST', `/admin/challenges/${idOf('pickem')}%00/outcome`, '{"responseIndex":0}', t.ownerKey);
    const details = await expectRefused(admin, 'path');
    expect(details['path']).toBe('The address holds a control character. Remove control characters such as NUL.');
  });

  it('refuses a control character in the query', async () => {
    await expectRefused(await send('GET', '/user/me/transactions?cursor=%00'), 'cursor');
    await expectRefused(await send('GET', '/user/me/transactions?limit=5%0A'), 'limit');
  });

  it('refuses a NUL or an escape character in a first name, and keeps the profile as it was', async () => {
    expect((await send('PATCH', '/user/me', JSON.stringify({ firstName: 'Ana' }))).status).toBe(201);
    for (const firstName of ['An\u0000a', 'Ana\u001b[2J', 'Ana\u007f']) {
      const details = await expectRefused(await send('PATCH', '/user/me', JSON.stringify({ firstName })), 'firstName');
      expect(details['firstName']).toBe('Remove control characters such as NUL (tabs and line breaks are fine).');
    }
    expect((await me()).firstName).toBe('Ana');
  });

  it('refuses a NUL in a property name or value', async () => {
    await expectRefused(await send('PATCH', '/user/me', JSON.stringify({ properties: { 'shirt\u0000': 10 } })), 'properties.shirt?');
    await expectRefused(await send('PATCH', '/user/me', JSON.stringify({ properties: { shirt: ['10', '\u0000'] } })), 'properties.shirt.1');
  });

  it('refuses a NUL in a feedback text, and keeps tabs and line breaks in one', async () => {
    const path = `/challenge/${idOf('feedback')}`;
    await expectRefused(await send('POST', path, JSON.stringify({ input: { response: 'Great\u0000 match' } })), 'input.response');
    const text = 'Great match.\r\nMore songs, please:\tthe old ones.';
    const res = await send('POST', path, JSON.stringify({ input: { response: text } }));
    expect(res.status).toBe(200);
    expect((await res.json()).data.challenge.userResponse).toBe(text);
  });
});

describe(`deeply nested JSON (${dialect})`, () => {
  const nestedProperties = (levels: number) => `{"properties":${'{"a":'.repeat(levels - 1)}1${'}'.repeat(levels - 1)}}`;

  it('answers 422, not a stack overflow, for 5,000 nested properties', async () => {
    const details = await expectRefused(await send('PATCH', '/user/me', nestedProperties(5000)), /^properties\.a\.a/);
    expect(Object.values(details)).toEqual(['The body nests deeper than 32 levels; send a flatter value.']);
  });

  it('reads 32 levels and refuses 33', async () => {
    // 32 levels are read: refused for what they hold (properties take no supporter key), not for their depth.
    const read = await send('PATCH', '/user/me', nestedProperties(32));
    expect(read.status).toBe(422);
    expect(Object.keys((await read.json()).error.details)).toEqual(['properties']);
    const details = await expectRefused(await send('PATCH', '/user/me', nestedProperties(33)), /^properties\.a\.a/);
    expect(Object.values(details)).toEqual(['The body nests deeper than 32 levels; send a flatter value.']);
  });

  it('answers 422 to half a million nested arrays on any operation, with or without an Idempotency-Key', async () => {
    const body = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    await expectRefused(await send('POST', '/checkin', body), /^0\.0/);
    const keyed = await t.app.request('/api/session/email', {
      method: 'POST', headers: headers(undefined, { 'Idempotency-Key': 'deep-1' }), body,
    });
    await expectRefused(keyed, /^0\.0/);
  });
});
