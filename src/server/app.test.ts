import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from './errors.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
let app: TestApp['app'];

beforeAll(async () => void ({ app } = t = await createTestApp()));
afterAll(() => t.close());

describe('the API shell', () => {
  it('answers /api/health without a key, checking the database', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: 'ok' } });
    expect(res.headers.get('x-request-id')).toMatch(/\S{8,}/);
  });

  it('gives every answer its own request id', async () => {
    const a = await app.request('/api/health');
    const b = await app.request('/api/health');
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('marks answers and errors as personal (no-store) unless a route says otherwise', async () => {
    const headers = { Authorization: 'Bearer pk_demo_terrace' };
    for (const res of [await app.request('/api/health'), await app.request('/api/challenge', { headers }), await app.request('/api/user/me', { headers })]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-request-id')).toMatch(/\S{8,}/);
    }
  });

  it('answers an unknown API path with a 404 JSON error', async () => {
    const res = await app.request('/api/nothing-here', { headers: { Authorization: 'Bearer pk_demo_terrace' } });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: 'not_found' });
    expect(body.error.message).toContain('/api/nothing-here');
  });

  it('serves an OpenAPI 3 document generated from the route schemas', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Terrace loyalty API');
    expect(Object.keys(doc.paths)).toContain('/organization/current');
    const get = doc.paths['/organization/current'].get;
    expect(get.responses['200'].content['application/json'].schema).toBeDefined();
    expect(get.responses['401']).toBeDefined();
    expect(doc.components.schemas.Organization.properties.ranks).toBeDefined();
  });

  it('lists the error codes as a closed set in the document: exactly the keys of ERROR_STATUS', async () => {
    const doc = await (await app.request('/api/openapi.json')).json();
    const code = doc.components.schemas.Error.properties.error.properties.code;
    expect(code.type).toBe('string');
    expect([...code.enum].sort()).toEqual(Object.keys(ERROR_STATUS).sort());
  });
});
