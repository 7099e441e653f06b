const LOCAL_ORIGIN = 'http://terrace.invalid';
const EXTERNAL_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * What a same-origin path looks like: one `/`, then neither `/` nor `\` (`//host` and `/\host` are
 * other sites to a browser), and no encoded slash or backslash before the query (a server or proxy
 * that decodes `/%2F` or `/%5C` would see the same).
 */
function isSameOriginPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0]!;
  return /^\/(?![/\\])/.test(pathname) && !/%(2f|5c)/i.test(pathname);
}

/**
 * The one helper for every remembered path, `returnTo` and data-driven internal link: a same-origin
 * relative path (`/x?y#z`) or undefined. Absolute URLs, `//host`, backslashes (which browsers read
 * as slashes) and control characters (tabs and newlines vanish inside a URL) are refused. The
 * OUTPUT is checked too, after the URL parser has resolved dot segments: `/.//evil.example`
 * passes every input check and comes out as `//evil.example`.
 */
export function toSafeRelativePath(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || !value || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, LOCAL_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== LOCAL_ORIGIN) return undefined;
  const path = url.pathname + url.search + url.hash;
  return isSameOriginPath(path) ? path : undefined;
}

/**
 * The one gate for every data-driven link and redirect. Internal paths pass; external URLs pass
 * only when flagged `external` and only over http(s), mailto or tel; `javascript:`, `data:`,
 * `vbscript:` and every other scheme are refused (undefined), however they are disguised.
 */
export function safeHref(value: string | null | undefined, options: { external?: boolean } = {}): string | undefined {
  const internal = toSafeRelativePath(value);
  if (internal !== undefined) return internal;
  if (!options.external || !value) return undefined;
  // Browsers ignore whitespace and control characters inside a scheme ("java\tscript:").
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, '');
  try {
    const url = new URL(compact);
    return EXTERNAL_SCHEMES.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}
