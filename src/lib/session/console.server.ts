import type { AstroCookies } from 'astro';
import { isSecureSite } from '~/shared/site.server.ts';
import { CONSOLE_COOKIE } from '~/shared/console-cookie.ts';

/**
 * HttpOnly cookie holding the operator's console session (`tos_…`), apart from a supporter's session:
 * one person can be both, signed in to each on its own. SameSite=Strict: no other site can make a
 * console request carry it. `__Host-` over HTTPS, as the supporters' cookie.
 */
export function consoleCookieName(): string {
  return isSecureSite() ? `__Host-${CONSOLE_COOKIE}` : CONSOLE_COOKIE;
}

export function setConsoleCookie(cookies: AstroCookies, token: string): void {
  // No Max-Age: the server ends the session after 12 hours without use; the browser forgets it when it closes.
  cookies.set(consoleCookieName(), token, { path: '/', httpOnly: true, sameSite: 'strict', secure: isSecureSite() });
}

const TOKEN_SHAPE = /^tos_[A-Za-z0-9_-]{43}$/;

export function readConsoleCookie(cookies: AstroCookies): string | undefined {
  const value = cookies.get(consoleCookieName())?.value;
  return value && TOKEN_SHAPE.test(value) ? value : undefined;
}

export function clearConsoleCookie(cookies: AstroCookies): void {
  cookies.delete(consoleCookieName(), { path: '/', secure: isSecureSite() });
}

