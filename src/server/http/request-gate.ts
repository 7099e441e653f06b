import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorBody } from '../openapi.ts';
import { CONSOLE_COOKIE } from '../../shared/console-cookie.ts';
import { secretKind } from '../operators/operator-secrets.ts';
import {
  ADMIN_CLIP_LIMIT, ADMIN_UPLOAD_LIMITS, BODY_LIMIT, FORM_CLIP_LIMIT, FORM_CLIP_PREFIXES, FORM_UPLOAD_LIMIT, FORM_UPLOAD_PATHS, FORM_UPLOAD_PREFIXES,
  TOO_LARGE_PARAM, UPLOAD_LIMIT, UPLOAD_PATH,
} from '../../shared/limits.ts';

export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CONSOLE_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*(?:__Host-)?${CONSOLE_COOKIE}=([^;]*)`);
const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The secret in an operator's shape a request carries (a console session or an API key:
 * ../operators/operator-secrets.ts), in `Authorization: Bearer` or the console's cookie; the server then asks the
 * database whether it is live (serve.ts) before it reads a console upload's body. The shape alone keeps an
 * anonymous client, or a supporter with their own session, from costing that look-up.
 */
export function staffSecretOf(headers: { cookie?: string | undefined; authorization?: string | undefined }): string | undefined {
  const bearer = BEARER.exec(headers.authorization ?? '')?.[1];
  const cookie = CONSOLE_COOKIE_VALUE.exec(headers.cookie ?? '')?.[1];
  return [bearer, cookie].find((secret) => secret !== undefined && secretKind(secret) !== undefined);
}

/** The body a request may send: larger only where an upload is posted, and the console's only for staff. */
export function bodyLimitFor(method: string, pathname: string, staff: boolean): number {
  if (method !== 'POST') return BODY_LIMIT;
  if (pathname === UPLOAD_PATH) return UPLOAD_LIMIT;
  const path = pathname.replace(/(.)\/$/, '$1');
  if (FORM_UPLOAD_PATHS.includes(path)) return FORM_UPLOAD_LIMIT;
  if (!staff) return BODY_LIMIT;
  if (Object.hasOwn(ADMIN_UPLOAD_LIMITS, path)) return ADMIN_UPLOAD_LIMITS[path]!;
  if (FORM_CLIP_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return FORM_CLIP_LIMIT;
  return FORM_UPLOAD_PREFIXES.some((prefix) => pathname.startsWith(prefix)) ? FORM_UPLOAD_LIMIT : BODY_LIMIT;
}

/** The console's pages whose forms send a file (a story's, a video's, an article's). */
const FILE_FORM_PAGES = [...FORM_CLIP_PREFIXES, ...FORM_UPLOAD_PREFIXES].filter((prefix) => prefix.startsWith('/admin/'));

/**
 * Where a refused body goes instead of the 413: staff's form with a file too large, posted to its console
 * page, goes back to that page (303), which says beside the form which file it was, in the operator's language.
 */
export function tooLargeRedirectFor(method: string, pathname: string, staff: boolean): string | undefined {
  if (method !== 'POST' || !staff || !FILE_FORM_PAGES.some((prefix) => pathname.startsWith(prefix))) return undefined;
  return `${encodeURI(decodeURI(pathname))}?${TOO_LARGE_PARAM}`;
}

/** The request id every answer carries; a client's own X-Request-Id is never trusted. */
export function newRequestId(): string {
  return randomUUID();
}

/** The same error body the API answers with. */
export function sendError(
  res: ServerResponse,
  status: number,
  error: ErrorBody['error'],
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
  | { kind: 'read'; body: Buffer<ArrayBuffer> }
  /** `drained`: the whole refused body was read and thrown away, so the connection stays usable. */
  | { kind: 'too-large'; drained: boolean };

/**
 * A refused body up to this size is read and thrown away before the 413 goes out: the client has
 * finished sending when it reads the answer (no broken pipe), and the keep-alive connection stays
 * usable. A larger one is refused at once and the connection closed.
 */
export const DRAIN_LIMIT = 8 * 1024 * 1024;
/**
 * Staff's file form too large for a console page is read this far and dropped before its page is answered
 * (tooLargeRedirectFor): a browser posting a form reads no answer that comes before it has sent the whole
 * body (it reports the connection reset instead), and an operator's secret is needed to make the server read it.
 */
export const CONSOLE_DRAIN_LIMIT = 4 * ADMIN_CLIP_LIMIT;

/**
 * Reads the whole body before anything answers, keeping at most `limit` bytes: a body declared over
 * `drainLimit` is refused without reading a byte; one over `limit` is read to its end and dropped.
 * Reading it here means an early answer (401, 422) never leaves an unread body on a keep-alive
 * connection, and no later code can be made to hold more than the limit in memory.
 */
export function readBoundedBody(req: IncomingMessage, limit: number, drainLimit = DRAIN_LIMIT): Promise<BodyOutcome> {
  const declared = Number(req.headers['content-length'] ?? 0);
  const declaredTooLarge = Number.isFinite(declared) && declared > limit;
  if (declaredTooLarge && declared > drainLimit) return Promise.resolve({ kind: 'too-large', drained: false });
  if (!declaredTooLarge && !BODY_METHODS.has(req.method ?? '')) return Promise.resolve({ kind: 'none' });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      // Past the limit, and past what is worth draining: stop reading (a limit above the drain limit is read whole).
      if (received > limit && received > drainLimit) {
        req.off('data', onData);
        req.pause();
        resolve({ kind: 'too-large', drained: false });
        return;
      }
      if (received <= limit) chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(received > limit ? { kind: 'too-large', drained: true } : { kind: 'read', body: Buffer.concat(chunks) }));
    req.once('error', reject);
  });
}
