import * as oidc from 'openid-client';
import { z } from 'zod';
import { hashToken } from '../auth/secrets.ts';
import { hitRateLimits } from '../auth/rate-limit.ts';
import type { Db } from '../db/connection.ts';
import type { ProviderSettings } from '../env.ts';
import { ApiError } from '../errors.ts';
import { findUserByEmail } from '../users/user.repository.ts';
import { reachProvider, refusalOf } from './provider.client.ts';
import * as repo from './provider.repository.ts';
import { findOrCreateUser, normaliseEmail, openSession } from './session.service.ts';

/** Where the provider sends the supporter back: a page of the web app (src/pages/login/provider/callback.ts). */
const CALLBACK_PATH = '/login/provider/callback';
const SIGN_IN_TTL_MS = 10 * 60_000;
const SCOPE = 'openid email';

export interface ProviderContext {
  db: Db;
  organizationId: string;
  provider: ProviderSettings | undefined;
  /** The web app's public address (PUBLIC_URL): the callback and the page after the provider's sign-out. */
  publicUrl: string;
}

function configured(ctx: ProviderContext): ProviderSettings {
  if (!ctx.provider) throw new ApiError('provider_off', 'api.provider.off');
  return ctx.provider;
}

/**
 * Starts a sign-in: the authorization code flow with PKCE, a state and a nonce. The verifier and the nonce
 * stay in the database; the browser carries only the state (in the address, and in a cookie the web app
 * sets, which binds the sign-in to the browser that started it).
 */
export async function startProviderSignIn(ctx: ProviderContext & { clientIp: string; perClientIp: number }) {
  const config = await reachProvider(configured(ctx));
  await hitRateLimits(ctx.db, [{ key: `provider-start:ip:${ctx.clientIp}`, max: ctx.perClientIp, windowMs: SIGN_IN_TTL_MS }]);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const now = new Date();
  await repo.insertSignIn(ctx.db, {
    state_hash: hashToken(state), organization_id: ctx.organizationId, code_verifier: verifier, nonce,
    expires_at: new Date(now.getTime() + SIGN_IN_TTL_MS).toISOString(),
  }, now.toISOString());
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: ctx.publicUrl + CALLBACK_PATH, scope: SCOPE, state, nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
  });
  return { url: url.href, state };
}

/**
 * Finishes a sign-in from the provider's callback (its query string as it arrived): exchanges the code,
 * checks the ID token, and answers a Terrace session for the supporter with the provider's verified e-mail.
 */
export async function finishProviderSignIn(ctx: ProviderContext, input: { state: string; callback: string; referralCode?: string | undefined }) {
  const settings = configured(ctx);
  const params = new URLSearchParams(input.callback);
  const flow = await repo.takeSignIn(ctx.db, ctx.organizationId, hashToken(input.state));
  if (!flow || flow.expires_at <= new Date().toISOString() || params.get('state') !== input.state) {
    throw new ApiError('provider_state_invalid', 'api.provider.stateInvalid');
  }
  const config = await reachProvider(settings);
  const callbackUrl = new URL(ctx.publicUrl + CALLBACK_PATH);
  callbackUrl.search = params.toString();
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  let profile: Record<string, unknown>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.code_verifier, expectedState: input.state, expectedNonce: flow.nonce, idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    // Many providers put the e-mail in the ID token only when asked to; the userinfo endpoint always has it.
    profile = 'email' in claims && 'email_verified' in claims
      ? claims
      : { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), sub: claims.sub };
  } catch (error) {
    throw refusalOf(error);
  }
  const email = verifiedEmailOf(profile);
  const subject = String(profile['sub']);
  const idToken = tokens.id_token!;
  return ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    const { userId, isNewUser } = await accountFor(trx, ctx.organizationId, subject, email, now, input.referralCode);
    const { token, sessionId } = await openSession(trx, userId, now);
    await repo.insertSessionIdToken(trx, sessionId, idToken);
    return { token, isNewUser };
  });
}

const VerifiedEmail = z.object({
  email: z.string().trim().max(254).pipe(z.email()),
  // Some providers send the flag as a string.
  email_verified: z.union([z.literal(true), z.literal('true')]),
});

/** The provider's e-mail address, normalised, when it says it has verified it; otherwise a refusal. */
export function verifiedEmailOf(profile: Record<string, unknown>): string {
  const parsed = VerifiedEmail.safeParse(profile);
  if (!parsed.success) throw new ApiError('provider_email_unverified', 'api.provider.emailUnverified');
  return normaliseEmail(parsed.data.email);
}

/**
 * The supporter behind a subject at the provider: found by the subject (so an e-mail changed at the
 * provider still finds the account), else by the verified e-mail (an account made with an e-mailed code,
 * now tied to the subject), else made new.
 */
export async function accountFor(trx: Db, organizationId: string, subject: string, email: string, now: Date, referralCode?: string) {
  const linked = await repo.findAccountUser(trx, organizationId, subject);
  if (linked) return { userId: linked.user_id, isNewUser: false };
  const known = await findUserByEmail(trx, organizationId, email);
  if (known && (await repo.findAccountOfUser(trx, known.id))) {
    throw new ApiError('provider_account_taken', 'api.provider.accountTaken');
  }
  const found = await findOrCreateUser(trx, organizationId, email, now, referralCode);
  await repo.linkAccount(trx, { organization_id: organizationId, subject, user_id: found.userId, created_at: now.toISOString() });
  return found;
}

/**
 * Where to send the browser to sign out at the provider too (RP-initiated logout), or null: the session
 * was not opened by the provider, or the provider offers no end_session_endpoint, or it cannot be reached
 * (the sign-out here has happened either way).
 */
export async function providerSignOutUrl(ctx: ProviderContext, sessionId: string): Promise<string | null> {
  const idToken = await repo.takeSessionIdToken(ctx.db, sessionId);
  if (!idToken || !ctx.provider) return null;
  const config = await reachProvider(ctx.provider).catch(() => undefined);
  if (!config?.serverMetadata().end_session_endpoint) return null;
  return oidc.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: `${ctx.publicUrl}/` }).href;
}
