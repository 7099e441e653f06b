import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../shared/config.server.ts';
import { noteRoute } from '../../shared/request-context.server.ts';
import { createHttpServer, type NodeHandler } from '../http/serve.ts';

const TOKEN = 'metrics-token-metrics-token-0123456789';
// Stands in for Astro's handler: it notes a route pattern as the middleware does, and knows no /metrics.
const handler: NodeHandler = (req, res) => {
  if (req.url?.startsWith('/stories/')) {
    noteRoute('/stories/[slug]');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>story</p>');
    return;
  }
  res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Page not found</h1>');
};

let clientDir: string;
const servers: Server[] = [];
async function start(metricsToken?: string): Promise<string> {
  const server = createHttpServer({ handler, clientDir, metricsToken });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(() => { clientDir = mkdtempSync(join(tmpdir(), 'terrace-metrics-')); });
afterAll(() => {
  for (const server of servers) server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('GET /metrics', () => {
  it('is an unknown page without METRICS_TOKEN', async () => {
    const base = await start();
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found');
  });

  it('answers 401 and nothing more without the right bearer', async () => {
    const base = await start(TOKEN);
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(await res.text()).toBe('');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('answers the Prometheus text with the right bearer: requests by route pattern and status, event-loop lag', async () => {
    const base = await start(TOKEN);
    await fetch(`${base}/stories/one-of-many`);
    await fetch(`${base}/stories/another`);
    await fetch(`${base}/no-such-page-${Date.now()}`);
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/terrace_http_requests_total\{method="GET",route="\/stories\/\[slug\]",status="200"\} [2-9]/);
    expect(text).toMatch(/terrace_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/stories\/\[slug\]",status="200"\}/);
    expect(text).toMatch(/terrace_http_requests_total\{method="GET",route="unmatched",status="404"\}/);
    // Never a raw path as a label value.
    expect(text).not.toContain('one-of-many');
    expect(text).not.toContain('no-such-page');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('terrace_points_awarded_total');
    expect(text).toContain('terrace_signin_codes_sent_total');
  });

  it('METRICS_TOKEN, when set, is at least 32 characters', () => {
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(parseConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(parseConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });
});
