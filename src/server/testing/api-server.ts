/**
 * The API alone over node:http, for tests that need a real process to kill (crash.test.ts): run as
 * `node src/server/testing/api-server.ts` with TEST_API_DATABASE_URL (and TEST_API_SCHEMA for a
 * PostgreSQL schema), TEST_API_SMTP_URL, TEST_API_MEDIA_DIR and TEST_API_LEASE_MS. It listens on a
 * free loopback port and prints `listening <port>` once ready.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createApp } from '../app.ts';
import { createDatabase } from '../db/connection.ts';
import { createMailer } from '../mail/mailer.ts';
import { TEST_SECRET } from './test-app.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const schema = process.env['TEST_API_SCHEMA'];
const db = createDatabase(env('TEST_API_DATABASE_URL'), schema ? { schema } : {});
const app = createApp({
  db, mailer: createMailer({ smtpUrl: env('TEST_API_SMTP_URL'), from: 'Terrace FC <no-reply@terrace.test>' }),
  secret: TEST_SECRET, publicUrl: 'http://terrace.test', production: false, mediaDir: env('TEST_API_MEDIA_DIR'),
  idempotencyLeaseMs: Number(env('TEST_API_LEASE_MS')),
});

const server = createServer(async (req, res) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  headers.set('x-client-ip', req.socket.remoteAddress ?? '');
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, {
    method: req.method ?? 'GET', headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
  const response = await app.fetch(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
