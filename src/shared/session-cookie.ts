// The supporter's session cookie, read by the web app (src/lib/session/session.server.ts), by the HTTP layer's
// kept pages and by its hand-over of /api requests to the API (src/server/http/api-forward.ts).

/** HttpOnly cookie holding the session token; browser JavaScript never sees it. */
export const SESSION_COOKIE = 'terrace_session';

/**
 * Over HTTPS the cookie is `__Host-terrace_session`: the browser then insists on Secure, Path=/ and
 * no Domain, so no sibling subdomain can plant or overwrite it (ASVS 5.0 V3.3.1).
 */
export function sessionCookieNameFor(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** Session tokens are base64url; anything else in the cookie (a control character, a space) is no session. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export function isSessionToken(value: string | undefined): value is string {
  return value !== undefined && TOKEN_SHAPE.test(value);
}

/** The session token of a Cookie header (the first cookie of that name, as browsers send the most specific first), or undefined. */
export function sessionTokenOf(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return isSessionToken(value) ? value : undefined;
    }
  }
  return undefined;
}
