import type { AstroCookies } from 'astro';
import { isHTTPError } from 'ky';
import type { ApiClient } from '~/lib/api/client.ts';
import type { GuardUser } from '~/lib/routing/guard.ts';

/** HttpOnly cookie holding the session token; browser JavaScript never sees it. */
export const SESSION_COOKIE = 'terrace_session';
const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

export interface SessionUser extends GuardUser {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  points: number;
  lifetimePoints: number;
  rank: { name: string };
  nextRank: { name: string; pointsRequired: number } | null;
  /** `properties.birthdayBonusPoints`: above 0, the birthday bonus modal opens. */
  birthdayBonusPoints: number;
}

interface ApiUser extends Omit<SessionUser, 'membership' | 'birthdayBonusPoints'> {
  properties: Record<string, unknown>;
}

export function setSessionCookie(cookies: AstroCookies, token: string, secure: boolean): void {
  cookies.set(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_MAX_AGE });
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}

/** The signed-in user for this request, or null (spec: a 401 on /user/me means no user). */
export async function loadSessionUser(api: ApiClient): Promise<SessionUser | null> {
  if (!api.hasSession) return null;
  try {
    const { data } = await api.http.get('user/me').json<{ data: ApiUser }>();
    const { properties, ...user } = data;
    const membership = typeof properties['membership'] === 'string' ? properties['membership'] : undefined;
    const bonus = Number(properties['birthdayBonusPoints'] ?? 0);
    return { ...user, membership, birthdayBonusPoints: Number.isFinite(bonus) ? bonus : 0 };
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 401) return null;
    throw error;
  }
}
