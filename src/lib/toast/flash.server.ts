import type { AstroCookies } from 'astro';
import { isSecureSite } from '~/shared/site.server.ts';
import { FLASH_COOKIE, parseFlashToast, serialiseFlashToast, type FlashToast } from './flash.ts';

/** Long enough to survive a redirect, short enough that a stale toast never shows up later. */
const FLASH_MAX_AGE_SECONDS = 60;

/**
 * Raises a toast on the next page this browser renders (typically after a redirect). HttpOnly: only
 * the server reads it, and hands it to the Toaster island as its `initial` prop.
 * Throws a RangeError on an invalid toast (see toFlashToast).
 */
export function setFlashToast(cookies: AstroCookies, input: FlashToast): void {
  cookies.set(FLASH_COOKIE, serialiseFlashToast(input), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: FLASH_MAX_AGE_SECONDS,
    secure: isSecureSite(),
  });
}

/** Reads the flash toast once: the cookie is deleted whether or not it was valid. */
export function takeFlashToast(cookies: AstroCookies): FlashToast | undefined {
  const raw = cookies.get(FLASH_COOKIE)?.value;
  if (raw === undefined) return undefined;
  cookies.delete(FLASH_COOKIE, { path: '/' });
  return parseFlashToast(raw);
}
