import type { AstroCookies } from 'astro';
import { isHTTPError } from 'ky';
import type { ApiClient } from '~/lib/api/client.ts';
import { isSecureSite } from '~/shared/site.server.ts';
import { isSessionToken, SESSION_COOKIE, sessionCookieNameFor } from '~/shared/session-cookie.ts';
import type { GuardUser } from '~/lib/routing/guard.ts';
import { getMe, type User } from './session.api.ts';

export { SESSION_COOKIE };

/** The session cookie's name on this site (`__Host-` over HTTPS). */
export function sessionCookieName(): string {
  return sessionCookieNameFor(isSecureSite());
}
const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * The signed-in user of a request: the API's user (its `rankProgress` computed once by the server, the
 * one figure every screen shows), with two of its `properties` read out: `membership`, and
 * `birthdayBonusPoints` (above 0, the birthday bonus modal opens).
 */
export type SessionUser = Omit<User, 'properties'> & Pick<GuardUser, 'membership'> & { birthdayBonusPoints: number };

export function setSessionCookie(cookies: AstroCookies, token: string): void {
  cookies.set(sessionCookieName(), token, {
    path: '/', httpOnly: true, sameSite: 'lax', secure: isSecureSite(), maxAge: SESSION_MAX_AGE,
  });
}

/** The session token from the cookie, or undefined when there is none or it cannot be one. */
export function readSessionCookie(cookies: AstroCookies): string | undefined {
  const value = cookies.get(sessionCookieName())?.value;
  return isSessionToken(value) ? value : undefined;
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(sessionCookieName(), { path: '/', secure: isSecureSite() });
}

/**
 * The state of a sign-in under way at the club's identity provider, kept with the browser that started it
 * (10 minutes): a callback arriving in another browser (a forged or shared link) is refused.
 */
function providerStateCookieName(): string {
  return isSecureSite() ? '__Host-terrace_provider_state' : 'terrace_provider_state';
}

export function setProviderStateCookie(cookies: AstroCookies, state: string): void {
  cookies.set(providerStateCookieName(), state, { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecureSite(), maxAge: 600 });
}

/** The kept state, dropped as it is read: each sign-in comes back once. */
export function takeProviderStateCookie(cookies: AstroCookies): string | undefined {
  const value = cookies.get(providerStateCookieName())?.value;
  cookies.delete(providerStateCookieName(), { path: '/', secure: isSecureSite() });
  return value || undefined;
}

/** The signed-in user for this request, or null (spec: a 401 on /user/me means no user). */
export async function loadSessionUser(api: ApiClient): Promise<SessionUser | null> {
  if (!api.hasSession) return null;
  try {
    const { properties, ...user } = await getMe(api);
    const membership = typeof properties['membership'] === 'string' ? properties['membership'] : undefined;
    const bonus = Number(properties['birthdayBonusPoints'] ?? 0);
    return { ...user, membership, birthdayBonusPoints: Number.isFinite(bonus) ? bonus : 0 };
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 401) return null;
    throw error;
  }
}
