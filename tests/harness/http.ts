// Requests exactly as written: node:http keeps the path byte for byte (fetch would resolve `..` and
// turn `\` into `/`), takes any method token and any body. Every request has a deadline.
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface FuzzRequest {
  method: string;
  /** Path and query, sent as they are. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** What was varied, for the report. */
  label: string;
  /** The route template and the kind of input: a 5xx is distinct per group, status, method, route and kind. */
  route?: string;
  kind?: string;
  /** When set, a 2xx answer is a failure with this reason (a protected page served to a visitor). */
  refuse2xx?: string;
}

export type Outcome =
  | { kind: 'answer'; status: number; sample: string; ms: number; text?: string; headers?: Record<string, string | string[] | undefined> }
  | { kind: 'none'; reason: string; ms: number }
  /** node:http itself refused to write it (a header with a line break, say): nothing reached the server. */
  | { kind: 'unsent'; reason: string };

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

export const TIMEOUT_MS = 10_000;
const SAMPLE_BYTES = 300;
const KEPT_BYTES = 256 * 1024;
/**
 * Larger bodies go on a connection of their own: a server that answers before reading them may leave
 * the connection unusable, and the stall would be blamed on whichever request came next on it (the
 * raw checks test that case on purpose).
 */
const OWN_CONNECTION_BYTES = 64 * 1024;

export async function send(origin: string, req: FuzzRequest, timeoutMs = TIMEOUT_MS): Promise<Outcome> {
  const first = await sendOnce(origin, req, timeoutMs, false);
  // A kept-alive connection the server closed after its idle time-out while this process was busy (making
  // the next operation's cases can take longer on a loaded machine) is reset before the request reaches
  // the server: sent again once, on a connection of its own, as node's documentation advises.
  return first.kind === 'none' && first.stale ? sendOnce(origin, req, timeoutMs, true) : first;
}

function sendOnce(origin: string, req: FuzzRequest, timeoutMs: number, ownConnection: boolean): Promise<Outcome & { stale?: true }> {
  const started = Date.now();
  const url = new URL(origin);
  const alone = ownConnection || (req.body !== undefined && Buffer.byteLength(req.body) > OWN_CONNECTION_BYTES);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Outcome & { stale?: true }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    let outgoing: ReturnType<typeof request>;
    try {
      outgoing = request({
        host: url.hostname, port: url.port, method: req.method, path: req.path,
        ...(alone ? { agent: false } : { agent }),
        headers: {
          ...(req.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(req.body)) }),
          ...(alone ? { connection: 'close' } : {}),
          ...req.headers,
        },
      }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < KEPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          const text = decoded(Buffer.concat(chunks), res.headers['content-encoding']);
          finish({ kind: 'answer', status: res.statusCode ?? 0, ms: Date.now() - started, sample: text.slice(0, SAMPLE_BYTES), text, headers: res.headers });
        });
        res.on('error', (error) => finish({ kind: 'none', reason: `answer cut: ${error.message}`, ms: Date.now() - started }));
      });
    } catch (error) {
      resolve({ kind: 'unsent', reason: (error as Error).message });
      return;
    }
    const timer = setTimeout(() => {
      finish({ kind: 'none', reason: `no answer within ${timeoutMs / 1000} s`, ms: Date.now() - started });
      outgoing.destroy();
    }, timeoutMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish({
      kind: 'none', reason: error.message, ms: Date.now() - started,
      ...(outgoing.reusedSocket && error.code === 'ECONNRESET' ? { stale: true as const } : {}),
    }));
    outgoing.end(req.body);
  });
}

/** The answer's text; compressed answers (a hostile Accept-Encoding, or a browser's, gets them) are inflated first. */
export function decoded(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body).toString('utf8');
  } catch {
    return `<${encoding} answer of ${body.length} bytes that does not inflate>`;
  }
  return body.toString('utf8');
}

/** Closes the idle keep-alive sockets, so the process can end. */
export function closeConnections(): void {
  agent.destroy();
}
