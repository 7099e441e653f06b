import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';

// Signing in and out, and the signed-in user: app-wide calls (the middleware loads the user on every
// page). The shapes are the API's own (type-only imports: no server code reaches the browser).
import type { ProviderCallback, ProviderStart, SignInMethods, SignOut } from '~/server/session/provider.routes.ts';
import type { SignIn, SignInCode } from '~/server/session/session.routes.ts';
import type { Points, User } from '~/server/users/user.schema.ts';

export type { Points, ProviderCallback, ProviderStart, SignIn, SignInCode, SignInMethods, SignOut, User };

/** GET /user/me: the signed-in user (a 401 means nobody is signed in). */
export function getMe(api: ApiClient): Promise<User> {
  return dataOf<User>(api.http.get('user/me'));
}

/** GET /user/me/points: the two balances and nothing else. */
export function getPoints(api: ApiClient): Promise<Points> {
  return dataOf<Points>(api.http.get('user/me/points'));
}

/**
 * POST /session/email: mails a sign-in code (202 whether or not the address is known), written in
 * the page's `locale` (sent as Accept-Language). No form key: a repeat after Back must send a mail.
 */
export async function requestCode(api: ApiClient, email: string, clientIp: string, locale: string): Promise<void> {
  await api.http.post('session/email', { json: { email }, headers: { ...clientHeaders(clientIp), 'Accept-Language': locale } });
}

/** POST /session/email/verify: the code for a session token. */
export function verifyCode(api: ApiClient, body: SignInCode, clientIp: string): Promise<SignIn> {
  return dataOf<SignIn>(api.http.post('session/email/verify', { json: body, headers: clientHeaders(clientIp) }));
}

/**
 * Whose limits a sign-in call counts: the in-process API reads x-client-ip; an API at API_ORIGIN derives the
 * address itself, from X-Forwarded-For when this server is among its TRUSTED_PROXIES.
 */
function clientHeaders(clientIp: string): Record<string, string> {
  return { 'x-client-ip': clientIp, 'x-forwarded-for': clientIp };
}

/** GET /session/methods: whether the e-mailed code and the club's identity provider are on offer. */
export function signInMethods(api: ApiClient): Promise<SignInMethods> {
  return dataOf<SignInMethods>(api.http.get('session/methods'));
}

/** POST /session/provider: starts a sign-in at the club's identity provider (the address to send the browser to). */
export function startProviderSignIn(api: ApiClient, clientIp: string): Promise<ProviderStart> {
  return dataOf<ProviderStart>(api.http.post('session/provider', { headers: clientHeaders(clientIp) }));
}

/** POST /session/provider/verify: the provider's callback for a session token. */
export function finishProviderSignIn(api: ApiClient, body: ProviderCallback): Promise<SignIn> {
  return dataOf<SignIn>(api.http.post('session/provider/verify', { json: body }));
}

/**
 * POST /session/sign-out: ends the session on the server (as DELETE /session does), and answers the club's
 * identity provider's sign-out address when the provider opened the session.
 */
export function signOut(api: ApiClient): Promise<SignOut> {
  return dataOf<SignOut>(api.http.post('session/sign-out'));
}
