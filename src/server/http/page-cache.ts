import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LANGUAGE_COOKIE, negotiateLocale } from '../../shared/i18n/locales.ts';
import { keepWhatIsWritten, keptHeaders } from './capture.ts';

/**
 * Anonymous public pages (`/`, `/about`, `/media/**`) served from memory: the first anonymous visit
 * per address and language renders through Astro, the next ones for a minute get the same bytes
 * without Astro, the API or the database. src/middleware.ts decides what may be kept (it marks those
 * answers `Cache-Control: public`); here only what a visitor without cookies (or with the language
 * cookie alone) asks for is served or kept, so a session, a flash toast or a return path always
 * reaches the app.
 */
export const PUBLIC_PAGE = /^\/(?:about|media(?:\/[^?]*)?)?(?:\?.*)?$/;

/** As long as the server keeps the organization (src/app/api.server.ts): a change shows as soon as before. */
const TTL_MS = 60_000;
/** Query strings make endless addresses: the oldest entry goes first. */
const MAX_ENTRIES = 200;

interface Entry {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  storedAt: number;
}

export interface PageCache {
  /** Answers from memory; true when it did. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Keeps what the app answers to `req`, when it is a public page for anyone. Call before the app writes. */
  capture(req: IncomingMessage, res: ServerResponse): void;
}

export function createPageCache(now = () => Date.now()): PageCache {
  const entries = new Map<string, Entry>();

  const keyFor = (req: IncomingMessage): string | undefined => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const target = req.url ?? '/';
    if (!PUBLIC_PAGE.test(target)) return undefined;
    const language = anonymousLanguage(req.headers.cookie);
    if (language === false) return undefined;
    return `${negotiateLocale(language, req.headers['accept-language'])} ${target}`;
  };

  return {
    serve(req, res) {
      const key = keyFor(req);
      const entry = key === undefined ? undefined : entries.get(key);
      if (!key || !entry) return false;
      if (now() - entry.storedAt > TTL_MS) {
        entries.delete(key);
        return false;
      }
      const encoding = pickEncoding(req.headers['accept-encoding'], entry.body.length);
      const body = encoding ? (entry.encoded[encoding] ??= encode(entry.body, encoding)) : entry.body;
      for (const [name, value] of Object.entries(entry.headers)) if (value !== undefined) res.setHeader(name, value);
      if (encoding) res.setHeader('Content-Encoding', encoding);
      const vary = String(res.getHeader('vary') ?? '');
      if (!/accept-encoding/i.test(vary)) res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      res.setHeader('Content-Length', body.length);
      res.statusCode = 200;
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },

    capture(req, res) {
      const key = keyFor(req);
      if (!key || req.method !== 'GET') return;
      keepWhatIsWritten(res, (body, headers) => {
        if (res.statusCode !== 200 || !isPublic(headers['cache-control']) || headers['set-cookie'] !== undefined) return;
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { headers: keptHeaders(headers), body, encoded: {}, storedAt: now() });
      });
    },
  };
}

const isPublic = (value: unknown) => typeof value === 'string' && /^public\b/.test(value);

/**
 * The language cookie's value (undefined without one) when it is the only cookie sent; false when
 * any other cookie comes along (a session, even an expired one, a flash toast, a return path).
 */
function anonymousLanguage(header: string | undefined): string | undefined | false {
  if (!header) return undefined;
  let language: string | undefined;
  for (const part of header.split(';')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const at = trimmed.indexOf('=');
    const name = at === -1 ? trimmed : trimmed.slice(0, at);
    if (name !== LANGUAGE_COOKIE) return false;
    language = trimmed.slice(at + 1);
  }
  return language;
}

/** Small answers are not worth compressing (as compression's threshold would decide for the app). */
function pickEncoding(accept: string | undefined, size: number): 'br' | 'gzip' | undefined {
  if (!accept || size < 1024) return undefined;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

function encode(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 9 });
}
