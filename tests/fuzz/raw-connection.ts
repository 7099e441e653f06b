// A plain socket read as a sequence of HTTP/1.1 answers, for what fetch and node:http will not send.
import { connect, type Socket } from 'node:net';
import { TIMEOUT_MS } from '../harness/http.ts';

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
