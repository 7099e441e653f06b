// What a kept page's request and answer say: cookies, the route cache's directives, encodings.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LANGUAGE_COOKIE } from '../../../shared/i18n/locales.ts';

export type Encoding = 'br' | 'gzip';
export type Bytes = Uint8Array<ArrayBuffer>;

/** Small answers are not worth compressing (as the server's compression threshold would decide). */
export function pickEncoding(accept: string | null, size: number): Encoding | undefined {
  if (!accept || size < 1024) return undefined;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

export function encode(body: Bytes, encoding: Encoding): Bytes {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 9 });
}

/** The route cache's directives for this answer (Astro.cache.set in the page), if any. */
export function readDirectives(response: Response): { maxAge: number; tags: string[] } | undefined {
  const maxAge = /max-age=(\d+)/.exec(response.headers.get('cdn-cache-control') ?? '')?.[1];
  if (!maxAge || Number(maxAge) <= 0) return undefined;
  const tags = (response.headers.get('cache-tag') ?? '').split(',').map((tag) => tag.trim()).filter(Boolean);
  return { maxAge: Number(maxAge), tags };
}

/** Cookies set through Astro.cookies leave as headers only later: both are looked at. */
export function setsCookies(response: Response): boolean {
  if (response.headers.has('set-cookie')) return true;
  const cookies = Reflect.get(response, Symbol.for('astro.cookies')) as { headers(): Iterator<string> } | undefined;
  return cookies ? !cookies.headers().next().done : false;
}

/** The session token and the language cookie, when they are all the cookies sent; else undefined. */
export function readCookies(header: string | null, sessionCookie: string): { token?: string; language?: string } | undefined {
  const found: { token?: string; language?: string } = {};
  for (const part of (header ?? '').split(';')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const at = trimmed.indexOf('=');
    if (at === -1) return undefined;
    const name = trimmed.slice(0, at);
    const value = trimmed.slice(at + 1);
    if (name === sessionCookie && found.token === undefined) found.token = value;
    else if (name === LANGUAGE_COOKIE && found.language === undefined) found.language = value;
    // A flash toast, a return path, a second session: the app must see it.
    else return undefined;
  }
  return found;
}
