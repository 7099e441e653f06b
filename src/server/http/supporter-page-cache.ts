import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LANGUAGE_COOKIE, negotiateLocale } from '../../shared/i18n/locales.ts';
import { dateInTimeZone } from '../users/age.ts';
import { keepWhatIsWritten, keptHeaders } from './capture.ts';
import type { RequestContext } from '../../shared/request-context.server.ts';

/**
 * Signed-in pages kept in memory per supporter: a supporter who comes back to the dashboard or the
 * challenges gets the page made for them a moment ago, without Astro, the API or all but one statement,
 * as long as nothing it was made from has changed. What says so, read with the session in one statement:
 * - the supporter's page version, raised in the ledger's own statement by every balance change and
 *   after every write they ask for (src/server/users/page-version.middleware.ts);
 * - the organization's content version, raised after every operator write;
 * - the organization's day (check-in, birthday, age), and the next time a challenge appears or closes;
 * - and at most a minute, as the organization's settings are kept (others' votes, a referral's sign-up).
 * The versions live in the database, so every process behind a load balancer agrees. Served again, a
 * page gets new form keys. Off with API_ORIGIN: writes made at another API raise nothing here.
 */

/** Pages made from the supporter's state, the organization's and the time alone. */
export const KEPT_PAGE = /^\/(?:dashboard|challenges(?:\/[^?]*)?)(?:\?.*)?$/;
const TTL_MS = 60_000;
/** A dashboard is about 40 KB: thousands of supporters' pages fit. The oldest entry goes first. */
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRY_BYTES = 512 * 1024;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export interface PageViewer {
  userId: string;
  organizationId: string;
  /** The supporter's page version and the organization's content version, together. */
  version: string;
  timeZone: string;
}

export interface SupporterPageCacheOptions {
  /** The session cookie's name (`terrace_session`, or `__Host-terrace_session` over HTTPS). */
  sessionCookie: string;
  /** The live session's viewer for a token, or undefined. */
  findViewer(token: string): Promise<PageViewer | undefined>;
  /** When a challenge of the organization next appears or closes (ms since the epoch), if ever. */
  findNextChange(organizationId: string, now: Date): Promise<number | undefined>;
  now?: () => number;
  maxBytes?: number;
}

interface Entry {
  version: string;
  day: string;
  expiresAt: number;
  headers: OutgoingHttpHeaders;
  /** The page's bytes cut at its form keys: text, key, text, key, …, text; `keys[i]` says which key follows `parts[i]`. */
  parts: Buffer[];
  keys: number[];
  keyCount: number;
  bytes: number;
}

/** What one request found: serve it, or render it and keep what comes out. */
export interface Lookup {
  /** Writes the kept page; call it where the app's answer would have been written (below compression). */
  serve?: (res: ServerResponse) => void;
  /** Keeps what the app answers; call before the app writes. */
  capture?: (res: ServerResponse, context: RequestContext) => void;
}

export interface SupporterPageCache {
  /** Undefined when the request is no kept page's (not signed in, other cookies, another path or method). */
  lookUp(req: IncomingMessage): Promise<Lookup | undefined>;
}

export function createSupporterPageCache(options: SupporterPageCacheOptions): SupporterPageCache {
  const now = options.now ?? (() => Date.now());
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    async lookUp(req) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
      const target = req.url ?? '/';
      if (!KEPT_PAGE.test(target)) return undefined;
      const cookies = readCookies(req.headers.cookie, options.sessionCookie);
      if (!cookies) return undefined;
      const viewer = await options.findViewer(cookies.token);
      if (!viewer) return undefined;
      const key = `${viewer.userId} ${negotiateLocale(cookies.language, req.headers['accept-language'])} ${target}`;
      const at = now();
      const day = dateInTimeZone(new Date(at), viewer.timeZone);
      const entry = entries.get(key);
      if (entry && entry.version === viewer.version && entry.day === day && at < entry.expiresAt) {
        // Most recently used last: the oldest goes first when memory runs short.
        entries.delete(key);
        entries.set(key, entry);
        return { serve: (res) => writeKept(req, res, entry) };
      }
      forget(key);
      if (req.method !== 'GET') return {};
      const changeAt = await options.findNextChange(viewer.organizationId, new Date(at));
      const expiresAt = Math.min(at + TTL_MS, changeAt ?? Infinity);
      return {
        capture: (res, context) => keepWhatIsWritten(res, (body, headers) => {
          if (res.statusCode !== 200 || headers['set-cookie'] !== undefined) return;
          // Only a page the app marked as one supporter's (src/middleware.ts), and only HTML.
          if (!/no-store/.test(String(headers['cache-control'] ?? '')) || !/^text\/html/.test(String(headers['content-type'] ?? ''))) return;
          const size = body.length;
          if (size > MAX_ENTRY_BYTES) return;
          forget(key);
          while (bytes + size > maxBytes && entries.size) forget(entries.keys().next().value!);
          entries.set(key, {
            version: viewer.version, day, expiresAt, ...cutAtKeys(body, context.formKeys ?? []), bytes: size,
            headers: keptHeaders(headers),
          });
          bytes += size;
        }),
      };
    },
  };
}

/** The session token and the language cookie, when they are all the cookies sent; else undefined. */
function readCookies(header: string | undefined, sessionCookie: string): { token: string; language: string | undefined } | undefined {
  if (!header) return undefined;
  let token: string | undefined;
  let language: string | undefined;
  for (const part of header.split(';')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const at = trimmed.indexOf('=');
    if (at === -1) return undefined;
    const name = trimmed.slice(0, at);
    const value = trimmed.slice(at + 1);
    if (name === sessionCookie && token === undefined) token = value;
    else if (name === LANGUAGE_COOKIE && language === undefined) language = value;
    // A flash toast, a return path, a second session: the app must see it.
    else return undefined;
  }
  return token && TOKEN_SHAPE.test(token) ? { token, language } : undefined;
}

/**
 * Cuts the page at every place a form key was written, once, so each serve joins it with new keys without
 * reading or encoding the page again. Keys are UUIDs: plain ASCII, the same bytes wherever they stand.
 */
export function cutAtKeys(body: Buffer, formKeys: string[]): Pick<Entry, 'parts' | 'keys' | 'keyCount'> {
  const known = [...new Set(formKeys)].filter((key) => key.length > 0);
  const places: Array<{ at: number; key: number; length: number }> = [];
  known.forEach((key, index) => {
    const bytes = Buffer.from(key);
    for (let at = body.indexOf(bytes); at !== -1; at = body.indexOf(bytes, at + bytes.length)) places.push({ at, key: index, length: bytes.length });
  });
  places.sort((a, b) => a.at - b.at);
  const parts: Buffer[] = [];
  let from = 0;
  for (const place of places) {
    parts.push(body.subarray(from, place.at));
    from = place.at + place.length;
  }
  parts.push(body.subarray(from));
  return { parts, keys: places.map((place) => place.key), keyCount: known.length };
}

/** The kept page with a new key for each of its forms (the same key wherever one form's key was written). */
export function withNewKeys(entry: Pick<Entry, 'parts' | 'keys' | 'keyCount'>, newKey: () => string = randomUUID): Buffer {
  if (entry.keys.length === 0) return entry.parts[0]!;
  const fresh = Array.from({ length: entry.keyCount }, () => Buffer.from(newKey()));
  const pieces: Buffer[] = [entry.parts[0]!];
  for (let i = 0; i < entry.keys.length; i++) pieces.push(fresh[entry.keys[i]!]!, entry.parts[i + 1]!);
  return Buffer.concat(pieces);
}

function writeKept(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
  const body = withNewKeys(entry);
  for (const [name, value] of Object.entries(entry.headers)) if (value !== undefined) res.setHeader(name, value);
  res.setHeader('Content-Length', body.length);
  res.setHeader('X-Page-Cache', 'hit');
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}
