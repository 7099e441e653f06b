import type { AstroCookies } from 'astro';
import { isSecureSite } from '~/shared/site.server.ts';
import type { Moment } from '~/server/moments/moment.schema.ts';

// The big moments of a form posted without JavaScript (a new rank, a badge…), carried across its redirect
// like the flash toast, so the next page shows them as server-rendered content (src/features/moments).
// HttpOnly and short-lived; another cookie than the session's, so the page is rendered afresh, never kept.

const MOMENT_COOKIE = 'terrace_moment';
/** The id of the notice that shows them: a page posted to opens on it. */
export const MOMENT_ANCHOR = 'moment';
const MAX_AGE_SECONDS = 60;
const KINDS = new Set<string>(['levelUp', 'badge', 'streak', 'firstEntry']);

/** The moments an action's answer carries (`standing.moments`), or none. */
export function momentsIn(data: unknown): Moment[] {
  const moments = (data as { standing?: { moments?: unknown } } | null | undefined)?.standing?.moments;
  return Array.isArray(moments) ? (moments as Moment[]) : [];
}

export function setMomentFlash(cookies: AstroCookies, moments: readonly Moment[]): void {
  if (moments.length === 0) return;
  cookies.set(MOMENT_COOKIE, JSON.stringify(moments), { path: '/', httpOnly: true, sameSite: 'lax', maxAge: MAX_AGE_SECONDS, secure: isSecureSite() });
}

/**
 * Reads the moments once (the cookie is deleted whether or not it was valid). The server wrote them from the
 * API's answer; only their shape is checked here, and the page escapes every text it shows.
 */
export function takeMomentFlash(cookies: AstroCookies): Moment[] {
  const raw = cookies.get(MOMENT_COOKIE)?.value;
  if (raw === undefined) return [];
  cookies.delete(MOMENT_COOKIE, { path: '/' });
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter((m): m is Moment => typeof m === 'object' && m !== null && KINDS.has((m as { kind?: unknown }).kind as string)
        && typeof (m as { picture?: unknown }).picture === 'string').slice(0, 4)
      : [];
  } catch {
    return [];
  }
}
