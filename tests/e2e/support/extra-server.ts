import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTP_PORT } from './ports.ts';

const root = resolve(import.meta.dirname, '../../..');

export interface Running {
  origin: string;
  stop(): Promise<void>;
}

export interface RunningServer extends Running {
  /** Its SQLite file: a test may change organization settings there before the first page request. */
  database: string;
}

/**
 * One more built server, started the way `npm start` starts it, on a fresh SQLite file and sending its
 * mail to the suite's SMTP sink. For the tests that need a second server or a production one.
 */
export async function startBuiltServer(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'terrace-e2e-'));
  const database = join(dataDir, 'terrace.db');
  const child: ChildProcess = spawn(process.execPath, [join(root, 'scripts/start.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `file:${database}`,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env,
    },
  });
  let errors = '';
  child.stderr?.on('data', (c: Buffer) => { errors += c.toString(); });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${errors}`);
    if (await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error(`server on ${port} did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    database,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends a proxied request on to `target` with these headers and pipes the answer back (502 when it cannot). */
function forward(req: IncomingMessage, res: ServerResponse, target: string, headers: OutgoingHttpHeaders): void {
  const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

/**
 * A TLS-terminating reverse proxy as deployments have one: https outside (a self-signed certificate
 * made here with openssl), plain http to the app, with X-Forwarded-Proto and X-Forwarded-For added.
 */
export async function startTlsProxy(port: number, target: string): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'terrace-tls-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
  const server: Server = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (req, res) => {
    forward(req, res, target, { ...req.headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': req.socket.remoteAddress ?? '' });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    origin: `https://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface FaultProxy extends Running {
  /** How many requests each `METHOD /path` (no query) has seen. */
  counts: Map<string, number>;
  /** Every request in order: its `METHOD /path` and Idempotency-Key. */
  seen: Array<{ request: string; key: string | undefined }>;
  /**
   * Answers `METHOD /path` (or every one the pattern matches) with `status` and an API error body instead of
   * forwarding it; `undefined` forwards again.
   */
  fail(request: string | RegExp, status: number | undefined): void;
}

/**
 * A plain HTTP proxy between a front server (its API_ORIGIN) and an API server: it counts the calls
 * and makes the chosen ones fail as a broken API would, so a test sees what a supporter sees then.
 */
export async function startFaultProxy(port: number, target: string): Promise<FaultProxy> {
  const counts = new Map<string, number>();
  const seen: FaultProxy['seen'] = [];
  const failing = new Map<string, { matches: (key: string) => boolean; status: number }>();
  const server = createHttpServer((req, res) => {
    const key = `${req.method} ${new URL(req.url ?? '/', target).pathname}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    seen.push({ request: key, key: req.headers['idempotency-key'] as string | undefined });
    const status = [...failing.values()].find((f) => f.matches(key))?.status;
    if (status !== undefined) {
      req.resume();
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'internal_error', message: 'The API is down.', requestId: 'fault-proxy' } }));
      return;
    }
    forward(req, res, target, req.headers);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${port}`,
    counts,
    seen,
    fail(request, status) {
      if (status === undefined) failing.delete(String(request));
      else failing.set(String(request), { matches: (key) => (typeof request === 'string' ? key === request : request.test(key)), status });
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
