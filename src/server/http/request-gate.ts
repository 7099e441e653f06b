import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BODY_LIMIT, UPLOAD_LIMIT, UPLOAD_PATH } from './limits.ts';

export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function bodyLimitFor(method: string, pathname: string): number {
  return method === 'POST' && pathname === UPLOAD_PATH ? UPLOAD_LIMIT : BODY_LIMIT;
}

/** The request id every answer carries; a client's own X-Request-Id is never trusted. */
export function newRequestId(): string {
  return randomUUID();
}

/** The same `{ error: { code, message, requestId } }` shape the API answers with. */
export function sendError(
  res: ServerResponse,
  status: number,
  error: { code: string; message: string; requestId: string },
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ error });
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/** A request target that is an origin-form path whose every percent escape decodes. */
export function isWellFormedTarget(target: string): boolean {
  if (!target.startsWith('/')) return false;
  try {
    decodeURIComponent(target.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

export type BodyOutcome =
  | { kind: 'none' }
  | { kind: 'read'; body: Buffer }
  /** `drain`: the declared rest is small enough to read and discard, keeping the connection. */
  | { kind: 'too-large'; drain: boolean };

/**
 * A refused body up to this size is read and thrown away after the answer, so the client gets the
 * 413 and the keep-alive connection stays usable; beyond it the connection is closed instead.
 */
export const DRAIN_LIMIT = 8 * 1024 * 1024;

/**
 * Reads the whole body before anything answers, up to `limit` bytes: by Content-Length without
 * reading a byte, and while streaming for a chunked body. Reading it here means an early answer
 * (401, 422) never leaves an unread body on a keep-alive connection, and no later code can be
 * made to hold more than the limit in memory.
 */
export function readBoundedBody(req: IncomingMessage, limit: number): Promise<BodyOutcome> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ kind: 'too-large', drain: declared <= DRAIN_LIMIT });
  if (!BODY_METHODS.has(req.method ?? '')) return Promise.resolve({ kind: 'none' });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        req.off('data', onData);
        req.pause();
        resolve({ kind: 'too-large', drain: false });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve({ kind: 'read', body: Buffer.concat(chunks) }));
    req.once('error', reject);
  });
}
