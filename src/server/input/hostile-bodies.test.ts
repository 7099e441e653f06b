import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANG_LIMIT_MS } from '../testing/hang-limit.ts';
import { createTestApp, headers, signIn, type TestApp } from '../testing/test-app.ts';

/**
 * Every operation with a JSON body, from the OpenAPI document, gets wrongly typed and hostile JSON:
 * no answer may be a 5xx, leak a stack, or change Object.prototype.
 */

let t: TestApp;
let token: string;
let pathIds: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t, 'hostile-bodies@example.com'));
  const challenges = (await (await t.app.request('/api/challenge', { headers: headers(token) })).json()).data;
  const consents = (await (await t.app.request('/api/consent/user', { headers: headers(token) })).json()).data;
  pathIds = {
    '/challenge/{id}': challenges.find((c: { subtype: string }) => c.subtype === 'trivia').challengeId,
    '/consent/user/{id}': consents[0].id,
    '/admin/challenges/{id}/outcome': challenges.find((c: { subtype: string }) => c.subtype === 'pickem').challengeId,
  };
});
afterAll(() => t.close());

type Schema = { $ref?: string; type?: string; properties?: Record<string, Schema> };

/** Raw JSON texts (not all of them JSON.stringify could write) for a value of any type. */
const HOSTILE_VALUES = [
  '[]', '[{}]', '{}', 'null', 'true', '-1', '1.5', '1e309', '-1e309', '9223372036854775808', '18446744073709551616',
  '"x"', JSON.stringify('x'.repeat(20_000)), '"\\u0000"', '"\\ud800"', '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
];
const WHOLE_BODIES = [...HOSTILE_VALUES, '', '{', '{"a":1,}', '\u0000', '{"__proto__":null,"__proto__":{}}'];

/** Hostile bodies for one schema: the whole body, then each field (and each field of an object field). */
function bodiesFor(schema: Schema, resolve: (s: Schema) => Schema): string[] {
  const bodies = [...WHOLE_BODIES];
  const fields = (s: Schema, wrap: (inner: string) => string, depth: number) => {
    for (const [name, field] of Object.entries(resolve(s).properties ?? {})) {
      for (const value of HOSTILE_VALUES) bodies.push(wrap(`{${JSON.stringify(name)}:${value}}`));
      if (depth < 1 && resolve(field).properties) fields(field, (inner) => wrap(`{${JSON.stringify(name)}:${inner}}`), depth + 1);
    }
  };
  fields(schema, (inner) => inner, 0);
  return bodies;
}

describe(`hostile JSON bodies (${process.env['TEST_DATABASE_URL'] ? 'postgres' : 'sqlite'})`, () => {
  it('answers every one with a 2xx or a 4xx in the error shape, without a stack', async () => {
    const doc = await (await t.app.request('/api/openapi.json')).json();
    const resolve = (s: Schema): Schema => (s.$ref ? doc.components.schemas[s.$ref.split('/').pop()!] : s);
    const seen: string[] = [];
    let requests = 0;
    for (const [path, operations] of Object.entries<Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content['application/json']?.schema;
        if (!schema) continue;
        seen.push(`${method.toUpperCase()} ${path}`);
        const url = `/api${path.replace(/\{[^}]+\}/, pathIds[path] ?? 'unknown')}`;
        const bearer = path.startsWith('/admin/') ? t.ownerKey : token;
        for (const body of bodiesFor(schema, resolve)) {
          requests += 1;
          const res = await t.app.request(url, { method: method.toUpperCase(), headers: headers(bearer), body });
          const text = await res.text();
          const where = `${method.toUpperCase()} ${path} with ${body.slice(0, 80)}`;
          expect(res.status, where).toBeLessThan(500);
          expect(text, where).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
          if (res.status >= 400) {
            expect(JSON.parse(text).error, where).toMatchObject({ code: expect.any(String), message: expect.any(String), requestId: expect.any(String) });
          }
        }
      }
    }
    expect(seen).toEqual(expect.arrayContaining([
      'POST /session/email', 'POST /session/email/verify', 'PATCH /user/me', 'POST /user/me/identify', 'PATCH /consent/user/{id}',
      'POST /media/set-avatar', 'POST /membership/choose', 'POST /challenge/{id}', 'POST /admin/challenges/{id}/outcome',
    ]));
    expect(requests).toBeGreaterThan(500);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    // Every body of every operation (the console's too, some 150 of them).
  }, HANG_LIMIT_MS);

  it('keeps prototype keys out of the profile', async () => {
    const res = await t.app.request('/api/user/me', {
      method: 'PATCH', headers: headers(token),
      body: '{"firstName":"Proto","properties":{"constructor":{"prototype":{"isAdmin":true}},"toString":"x"}}',
    });
    // Properties take no supporter key: refused whole, and nothing reached any prototype on the way.
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).error.details)).toEqual(['properties']);
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
    const me = await t.app.request('/api/user/me', { headers: headers(token) });
    expect((await me.json()).data.firstName).not.toBe('Proto');
    const refused = await t.app.request('/api/user/me', {
      method: 'PATCH', headers: headers(token), body: '{"properties":{"__proto__":{"isAdmin":true}}}',
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.details).toEqual({ 'properties.__proto__': '__proto__ cannot be a field name.' });
  });
});
