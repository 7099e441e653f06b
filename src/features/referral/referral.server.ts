import type { AstroCookies } from 'astro';
import { isSecureSite } from '~/shared/site.server.ts';

/** HttpOnly cookie keeping a /login?ref= code until the sign-in is verified. */
export const REFERRAL_COOKIE = 'terrace_ref';
/** Short-lived: long enough to fetch the code from the mailbox, not to tie a much later sign-up. */
export const REFERRAL_COOKIE_MAX_AGE = 24 * 60 * 60;
const CODE = /^[A-Za-z0-9]{4,16}$/;

/** Remembers a well-formed `?ref=` code; anything else is ignored. */
export function rememberReferralCode(cookies: AstroCookies, ref: string | null): void {
  const code = ref?.trim();
  if (!code || !CODE.test(code)) return;
  cookies.set(REFERRAL_COOKIE, code, { path: '/login', httpOnly: true, sameSite: 'lax', secure: isSecureSite(), maxAge: REFERRAL_COOKIE_MAX_AGE });
}

/** The remembered code, as `{ referralCode }` to spread into the verify call, or `{}`. */
export function referralCodeField(cookies: AstroCookies): { referralCode?: string } {
  const code = cookies.get(REFERRAL_COOKIE)?.value;
  return code && CODE.test(code) ? { referralCode: code } : {};
}

export function forgetReferralCode(cookies: AstroCookies): void {
  cookies.delete(REFERRAL_COOKIE, { path: '/login' });
}
