import { toSafeRelativePath } from '~/lib/navigation/safe-url.ts';

/** Cookie that remembers where an unauthenticated visitor was going. */
export const RETURN_PATH_COOKIE = 'terrace_return_to';

/** Where to go after sign-in: the remembered path, unless it is /welcome or /dashboard. */
export function pathAfterSignIn(remembered: string | null | undefined): string {
  const safe = toSafeRelativePath(remembered);
  if (!safe) return '/dashboard';
  const pathname = safe.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  if (pathname === '/welcome' || pathname === '/dashboard') return '/dashboard';
  return safe;
}
