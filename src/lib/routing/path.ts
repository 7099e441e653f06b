/**
 * The one path rule: the guard judges the path Astro's router will route.
 *
 * The two read a request differently. The router matches routes on the decoded path, so `%5C`
 * becomes a `\` inside a parameter; `context.url.pathname` is that decoded path parsed again as a
 * URL, where `\` turns into `/` and `..` climbs. `GET /stories/%5C..%5C..%5Cabout` was routed to
 * the story page (parameter `\..\..\about`) while the guard judged `/about`, a public page. So the
 * guard reads the request's raw path (`rawPathname`), refuses every segment that means something
 * else once decoded, and decodes the rest exactly once (`readPath`).
 */

/** The request's path as the client sent it, still percent-encoded (dot segments already resolved). */
export function rawPathname(requestUrl: string): string {
  return new URL(requestUrl).pathname;
}

export type PathReading =
  /** `pathname` is the decoded path: each segment decoded once, empty segments dropped. */
  | { kind: 'path'; pathname: string; segments: string[] }
  /** A segment that would mean something else to the router than to the guard. */
  | { kind: 'hostile' };

// Control characters (C0, DEL, C1): never part of a page address.
const CONTROL = /\p{Cc}/u;

/**
 * A segment is hostile when, raw or decoded, it holds a slash or a backslash (the router and the
 * URL parser disagree about where it ends), a control character, or a percent sign left after one
 * decoding (double encoding: Astro keeps decoding, so `%252F` would reach it as `%2F` and then `/`);
 * when it is a dot segment (`.`, `..`, `%2e%2e`); or when it is not valid percent-encoded UTF-8.
 */
export function decodeSegment(raw: string): string | undefined {
  if (raw.includes('\\') || CONTROL.test(raw)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (/[/\\%]/.test(decoded) || CONTROL.test(decoded)) return undefined;
  if (decoded === '.' || decoded === '..') return undefined;
  return decoded;
}

/** Reads a raw (percent-encoded) path: its decoded segments, or hostile when any segment is. */
export function readPath(raw: string): PathReading {
  const segments: string[] = [];
  for (const part of raw.split('/')) {
    if (part === '') continue;
    const decoded = decodeSegment(part);
    if (decoded === undefined) return { kind: 'hostile' };
    segments.push(decoded);
  }
  return { kind: 'path', pathname: `/${segments.join('/')}`, segments };
}
