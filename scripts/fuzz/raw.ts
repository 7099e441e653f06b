// What fetch and node:http will not send, over a plain socket: unknown methods, malformed request
// lines and headers, and a large body answered early followed by a second request on the same
// keep-alive connection (which must be answered at once, or the connection closed).
import { connect, type Socket } from 'node:net';
import { TIMEOUT_MS } from './http.ts';

export interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

export type RawResult = { ok: true; answer: RawAnswer; ms: number } | { ok: false; reason: string; ms: number };

/** One connection, read as a sequence of HTTP/1.1 answers. */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private closed = false;
  private wake: (() => void) | undefined;
  private error: string | undefined;

  private readonly socket: Socket;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => { this.buffer = Buffer.concat([this.buffer, chunk]); this.wake?.(); });
    socket.on('end', () => { this.closed = true; this.wake?.(); });
    socket.on('close', () => { this.closed = true; this.wake?.(); });
    socket.on('error', (e) => { this.error = e.message; this.closed = true; this.wake?.(); });
  }

  static open(origin: string): Promise<RawConnection> {
    const url = new URL(origin);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  write(data: string | Buffer): void {
    if (!this.closed) this.socket.write(data, () => undefined);
  }

  close(): void {
    this.socket.destroy();
  }

  /** The next complete answer, or why none came within `timeoutMs`. */
  async read(timeoutMs = TIMEOUT_MS, head = false): Promise<RawResult> {
    const started = Date.now();
    const deadline = started + timeoutMs;
    for (;;) {
      const answer = this.parse(head);
      if (answer) return { ok: true, answer, ms: Date.now() - started };
      if (this.closed) {
        return { ok: false, reason: this.error ? `connection error: ${this.error}` : 'connection closed without an answer', ms: Date.now() - started };
      }
      const left = deadline - Date.now();
      if (left <= 0) return { ok: false, reason: `no answer within ${timeoutMs / 1000} s`, ms: Date.now() - started };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => { clearTimeout(timer); resolve(); };
      });
      this.wake = undefined;
    }
  }

  /** Takes one whole answer off the buffer (Content-Length, chunked, or up to the close). */
  private parse(head: boolean): RawAnswer | undefined {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const lines = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
    const headers = new Map(lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    let rest = this.buffer.subarray(end + 4);
    let body: Buffer;
    if (head || status === 204 || status === 304 || (status >= 100 && status < 200)) {
      body = Buffer.alloc(0);
    } else if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) {
      const chunks: Buffer[] = [];
      for (;;) {
        const lineEnd = rest.indexOf('\r\n');
        if (lineEnd < 0) return undefined;
        const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
        if (rest.length < lineEnd + 2 + size + 2) return undefined;
        chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        rest = rest.subarray(lineEnd + 2 + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(chunks);
    } else if (headers.has('content-length')) {
      const length = Number(headers.get('content-length'));
      if (rest.length < length) return undefined;
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    } else {
      if (!this.closed) return undefined;
      body = rest;
      rest = Buffer.alloc(0);
    }
    this.buffer = rest;
    return { status, headers, body: body.toString('utf8') };
  }
}

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
