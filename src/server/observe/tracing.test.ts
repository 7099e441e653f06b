import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../db/connection.ts';
import { noteRoute } from '../../shared/request-context.server.ts';
import { createHttpServer } from '../http/serve.ts';
import { startServerTracing, type ServerTracing } from './tracing.ts';

// Empty in npm test's SQLite run, as unset.
const POSTGRES = process.env['TEST_DATABASE_URL'] || undefined;
const exporter = new InMemorySpanExporter();
let tracing: ServerTracing;
let db: Db;
let server: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  tracing = startServerTracing('http://127.0.0.1:9', { exporter });
  dir = mkdtempSync(join(tmpdir(), 'terrace-tracing-'));
  // Opened after tracing started, as src/server/http/main.ts does.
  db = createDatabase(POSTGRES ?? `file:${join(dir, 'trace.db')}`);
  server = createHttpServer({
    clientDir: dir,
    traceRequests: tracing.traceRequests,
    handler: (_req, res) => {
      noteRoute('/checkin');
      void db.transaction().execute(async (trx) => {
        await sql`select 1 as one`.execute(trx);
        return sql`select 2 as two`.execute(trx);
      }).then(() => res.writeHead(200).end('ok'));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await db.destroy();
  await tracing.shutdown();
  rmSync(dir, { recursive: true, force: true });
});

describe(`server tracing (${POSTGRES ? 'postgres' : 'sqlite'})`, () => {
  it('continues the incoming traceparent: one SERVER span with the request id, every SQL statement its child', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const res = await fetch(`${base}/checkin?code=123456`, { headers: { traceparent: `00-${traceId}-${parentId}-01` } });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await tracing.flush();
    const spans = exporter.getFinishedSpans();
    const http = spans.find((s) => s.attributes['terrace.request_id'] === requestId)!;
    expect(http).toBeDefined();
    expect(http.name).toBe('GET /checkin');
    expect(http.spanContext().traceId).toBe(traceId);
    expect(http.parentSpanContext?.spanId).toBe(parentId);
    expect(http.attributes).toMatchObject({ 'http.route': '/checkin', 'http.response.status_code': 200, 'url.path': '/checkin' });
    const children = spans.filter((s) => s.parentSpanContext?.spanId === http.spanContext().spanId);
    expect(children.map((s) => s.name)).toEqual(['BEGIN', 'SELECT', 'SELECT', 'COMMIT']);
    for (const child of children) {
      expect(child.spanContext().traceId).toBe(traceId);
      expect(child.attributes['db.system.name']).toBe(POSTGRES ? 'postgresql' : 'sqlite');
    }
    expect(children[1]!.attributes['db.query.text']).toBe('select 1 as one');
  });

  it('starts a new trace without a traceparent', async () => {
    exporter.reset();
    await fetch(`${base}/x`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await tracing.flush();
    const http = exporter.getFinishedSpans().find((s) => s.attributes['http.request.method'] === 'GET')!;
    expect(http.parentSpanContext).toBeUndefined();
    expect(http.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
