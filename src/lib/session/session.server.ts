import type { AstroCookies } from 'astro';
import type { GuardUser } from '~/lib/routing/guard.ts';

/** HttpOnly cookie holding the session token; browser JavaScript never sees it. */
export const SESSION_COOKIE = 'terrace_session';

export interface SessionUser extends GuardUser {
  userId: string;
  firstName: string | null;
  /** `properties.birthdayBonusPoints`: above 0, the birthday bonus modal opens. */
  birthdayBonusPoints: number;
}

/**
 * The signed-in user for this request, or null for an anonymous visitor. Sessions arrive with the
 * accounts issue; until then every visitor is anonymous.
 */
export async function loadSessionUser(_cookies: AstroCookies): Promise<SessionUser | null> {
  return null;
}
