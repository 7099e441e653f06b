// What fetch and node:http will not send, over a plain socket: unknown methods, malformed request
// lines and headers, and a large body answered early followed by a second request on the same
// keep-alive connection (which must be answered at once, or the connection closed).
import { TIMEOUT_MS } from '../harness/http.ts';
import { RawConnection, type RawResult } from './raw-connection.ts';

/** Sends `request` (bytes as written) on a new connection and reads one answer. */
export async function rawExchange(origin: string, request: string | Buffer, head = false): Promise<RawResult> {
  const connection = await RawConnection.open(origin);
  try {
    connection.write(request);
    return await connection.read(TIMEOUT_MS, head);
  } finally {
    connection.close();
  }
}

export interface RawCase {
  method: string;
  path: string;
  label: string;
  bytes: string | Buffer;
}

function request(method: string, target: string, headers: string[] = [], body = ''): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers];
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Methods, request lines and headers that only a raw socket sends. */
export function rawCases(origin: string, session: string): RawCase[] {
  const auth = `Authorization: Bearer ${session}`;
  const cases: RawCase[] = [];
  const add = (method: string, path: string, label: string, bytes: string | Buffer) => cases.push({ method, path, label, bytes });
  const host = new URL(origin).host;
  for (const method of ['TRACE', 'CONNECT', 'FOO', 'PROPFIND', 'M-SEARCH', 'PURGE', 'OPTIONS', 'HEAD', 'LINK', 'QUERY', 'get']) {
    for (const path of ['/api/health', '/api/user/me', '/api/checkin', '/', '/about', '/dashboard', '/nowhere']) {
      add(method, path, `method ${method} (signed in)`, request(method, path, [auth]));
    }
  }
  add('CONNECT', host, 'CONNECT authority-form', request('CONNECT', host));
  for (const path of [
    '/api/user/me/transactions?cursor=%ZZ', '/api/user/me/transactions?limit=%', '/api/%ZZ', '/api/challenge/%ZZ', '/%ZZ', '/stories/%ZZ',
    '/challenges/polls/%ZZ', '//api/health', '/api/health#x', '*', 'http://evil.example/api/health', `/api/health?${'a'.repeat(60_000)}`,
    '/stories/\\..\\..\\about', '/membership/upgrade/\\..\\..\\..\\about', '/stories/..\\about', '/api/challenge/\\..\\..\\user\\me',
    '/api/./health', '/api/../api/health', '/./about', '/stories/../about', '/stories/%2e%2e/about', '/api/challenge/..%2f..%2fuser%2fme',
    '/stories/\u00e9', '/api/challenge/\u00e9', '/a\u0000b', '/api/challenge/a\u0001b', '/stories/a%00b', '/membership/upgrade/%5C..%5Cabout',
  ]) {
    add('GET', path, 'malformed request target (signed in)', Buffer.from(request('GET', path, [auth]), 'utf8'));
  }
  const body = '{"email":"a@example.com"}';
  for (const [label, headers] of [
    ['NUL in a header value', [auth, 'X-Note: a\u0000b']], ['header without a colon', [auth, 'NoColon']],
    ['folded header', [auth, 'X-Note: a', ' b']], ['20 KB header', [auth, `X-Big: ${'a'.repeat(20_000)}`]],
    ['two different Content-Length', [auth, 'Content-Length: 3', 'Content-Type: application/json']],
    ['Content-Length and chunked', [auth, 'Transfer-Encoding: chunked', 'Content-Type: application/json']],
    ['negative Content-Length', ['Content-Length: -1', 'Authorization: Bearer pk_demo_terrace']],
    ['UTF-8 in Authorization', ['Authorization: Bearer \u00e9\u00e9', 'Content-Type: application/json']],
    ['Content-Type with NUL', ['Authorization: Bearer pk_demo_terrace', 'Content-Type: application/json\u0001']],
  ] as Array<[string, string[]]>) {
    add('POST', '/api/session/email', label, Buffer.from(request('POST', '/api/session/email', headers, body), 'latin1'));
  }
  return cases;
}

export const EARLY_BODY_BYTES = 1024 * 1024;
/** How long the request after an early answer may take: "at once", with room for a busy machine. */
export const SECOND_REQUEST_MS = 3_000;

export interface KeepAliveResult {
  first: RawResult;
  /** undefined when the server closed the connection after its answer (allowed). */
  second?: RawResult;
}

/** A 1 MB body that the server refuses before reading it, then GET /api/health on the same connection. */
export async function earlyAnswerThenNext(origin: string, method: string, path: string, headers: string[]): Promise<KeepAliveResult> {
  const connection = await RawConnection.open(origin);
  try {
    connection.write([`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: keep-alive', 'Content-Type: application/json',
      `Content-Length: ${EARLY_BODY_BYTES}`, ...headers, '', ''].join('\r\n'));
    connection.write(Buffer.alloc(EARLY_BODY_BYTES, 0x20));
    const first = await connection.read();
    if (!first.ok) return { first };
    if (/close/i.test(first.answer.headers.get('connection') ?? '')) return { first };
    // Let a server that closes the connection after its answer do so before we write again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (connection.isClosed) return { first };
    connection.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    return { first, second: await connection.read(SECOND_REQUEST_MS) };
  } finally {
    connection.close();
  }
}
