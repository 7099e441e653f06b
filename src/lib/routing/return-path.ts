/** Cookie that remembers where an unauthenticated visitor was going. */
export const RETURN_PATH_COOKIE = 'terrace_return_to';

const ORIGIN = 'http://terrace.invalid';

/**
 * Answers the value as a same-origin relative path (`/x?y`), or undefined when it could lead
 * anywhere else: absolute URLs, protocol-relative `//host`, backslashes, control characters.
 */
export function toSafeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  try {
    const url = new URL(value, ORIGIN);
    if (url.origin !== ORIGIN) return undefined;
    return url.pathname + url.search;
  } catch {
    return undefined;
  }
}

/** Where to go after sign-in: the remembered path, unless it is /welcome or /dashboard. */
export function pathAfterSignIn(remembered: string | null | undefined): string {
  const safe = toSafeReturnPath(remembered);
  if (!safe) return '/dashboard';
  const pathname = new URL(safe, ORIGIN).pathname.replace(/\/+$/, '') || '/';
  if (pathname === '/welcome' || pathname === '/dashboard') return '/dashboard';
  return safe;
}
