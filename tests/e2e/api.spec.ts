import { expect, test } from '@playwright/test';

test.describe('the loyalty API on the running server', () => {
  test('answers the organization with ten ranks for the demo key, 401 otherwise', async ({ request }) => {
    const ok = await request.get('/api/organization/current', { headers: { Authorization: 'Bearer pk_demo_terrace' } });
    expect(ok.status()).toBe(200);
    const { data } = await ok.json();
    expect(data.ranks.map((r: { name: string }) => r.name)).toEqual(
      ['P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1'],
    );
    for (const headers of [{}, { Authorization: 'Bearer pk_unknown' }]) {
      const refused = await request.get('/api/organization/current', { headers });
      expect(refused.status()).toBe(401);
      expect(refused.headers()['content-type']).toContain('application/json');
      expect((await refused.json()).error.code).toBe('unauthorized');
    }
  });

  test('serves the OpenAPI document listing /organization/current', async ({ request }) => {
    const doc = await (await request.get('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/organization/current'].get).toBeDefined();
  });

  test('compresses every kind of answer for a client that accepts br, but an API answer of one packet', async ({ request }) => {
    const headers = { 'Accept-Encoding': 'br, gzip' };
    const html = await request.get('/about', { headers });
    const css = (await html.text()).match(/href="(\/_astro\/[^"]+\.css)"/)?.[1];
    const answers = {
      html,
      longJson: await request.get('/api/openapi.json', { headers }),
      notFound: await request.get('/no-such-page', { headers }),
      ...(css ? { css: await request.get(css, { headers }) } : {}),
    };
    expect(css, 'the page links a stylesheet').toBeTruthy();
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers()['content-encoding'], name).toBe('br');
    }
    expect(answers.css?.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // Under one TCP segment (src/server/http/serve.ts, COMPRESS_FROM_BYTES): sent as it is, with its length.
    const health = await request.get('/api/health', { headers });
    expect(health.headers()['content-encoding']).toBeUndefined();
    expect(Number(health.headers()['content-length'])).toBe((await health.body()).length);
    expect((await health.json()).data).toBeDefined();
  });

  test('refuses a cross-origin form post', async ({ request }) => {
    const res = await request.post('/login', {
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      data: 'email=a%40b.c',
    });
    expect(res.status()).toBe(403);
  });
});
