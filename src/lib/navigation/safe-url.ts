const LOCAL_ORIGIN = 'http://terrace.invalid';
const EXTERNAL_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * A same-origin relative path (`/x?y#z`) or undefined: absolute URLs, protocol-relative `//host`,
 * backslashes (which browsers read as slashes) and control characters are refused.
 */
export function toSafeRelativePath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  try {
    const url = new URL(value, LOCAL_ORIGIN);
    return url.origin === LOCAL_ORIGIN ? url.pathname + url.search + url.hash : undefined;
  } catch {
    return undefined;
  }
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
