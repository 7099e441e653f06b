import { expect, test } from '@playwright/test';
import { startBuiltServer, type Running } from './support/extra-server.ts';
import { APP_PORT } from './support/ports.ts';

// A built server with METRICS_TOKEN, scraped the way Prometheus (or curl) would.
const PORT = APP_PORT + 40;
const TOKEN = 'e2e-metrics-token-e2e-metrics-token-0123';
let app: Running;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  app = await startBuiltServer(PORT, { METRICS_TOKEN: TOKEN });
});
test.afterAll(async () => { await app?.stop(); });

const scrape = (authorization?: string) => fetch(`${app.origin}/metrics`, { headers: authorization ? { authorization } : {} });

test('GET /metrics answers only its bearer, with requests by route pattern, sign-in codes and the database', async () => {
  const wrong = await scrape(`Bearer ${TOKEN.replace(/.$/, 'x')}`);
  expect(wrong.status).toBe(401);
  expect(await wrong.text()).toBe('');
  expect((await scrape()).status).toBe(401);

  // A page (its in-process API calls do not replace its route), an API call, a sign-in code.
  expect((await fetch(`${app.origin}/about`)).status).toBe(200);
  const articles = await (await fetch(`${app.origin}/api/content/articles`, { headers: { authorization: 'Bearer pk_demo_terrace' } })).json();
  const slug = articles.data[0].slug as string;
  expect((await fetch(`${app.origin}/api/content/articles/${slug}`, { headers: { authorization: 'Bearer pk_demo_terrace' } })).status).toBe(200);
  const asked = await fetch(`${app.origin}/api/session/email`, {
    method: 'POST', body: JSON.stringify({ email: 'metrics-e2e@example.com' }),
    headers: { authorization: 'Bearer pk_demo_terrace', 'content-type': 'application/json', origin: app.origin },
  });
  expect(asked.status).toBeLessThan(300);

  const res = await scrape(`Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  const text = await res.text();
  expect(text).toMatch(/terrace_http_requests_total\{method="GET",route="\/about",status="200"\} 1/);
  expect(text).toMatch(/terrace_http_requests_total\{method="GET",route="\/api\/content\/articles\/:id",status="200"\} 1/);
  expect(text).toMatch(/terrace_http_request_duration_seconds_count\{method="POST",route="\/api\/session\/email",status="20\d"\} 1/);
  expect(text).not.toContain(slug);
  expect(text).toMatch(/terrace_signin_codes_sent_total 1/);
  expect(text).toMatch(/terrace_db_pool_connections\{state="total"\} 1/);
  expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
});

test('without METRICS_TOKEN /metrics is an unknown page', async ({ page }) => {
  const res = await page.goto('/metrics');
  expect(res?.status()).toBe(404);
});
