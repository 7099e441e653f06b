import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { AccountBlockedError, ApiError, msg } from '../errors.ts';
import { findOrganizationById } from '../organization/organization.repository.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import type { Mailer } from '../mail/mailer.ts';
import { signInMail } from '../mail/sign-in-mail.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';
import { hitRateLimits } from '../auth/rate-limit.ts';
import { countCodeRefused, countCodeSent, type CodeRefusal } from '../observe/metrics.ts';
import { hashLoginCode, hashToken, newLoginCode, newSessionToken, sameHash } from '../auth/secrets.ts';
import { tieReferral } from '../rewards/referral.service.ts';
import { findUserByEmail, findUserById, insertUser } from '../users/user.repository.ts';
import * as repo from './session.repository.ts';

const CODE_TTL_MS = 10 * 60_000;
const CODE_MAX_TRIES = 5;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
const WINDOW_MS = 15 * 60_000;
/**
 * Codes one client may ask for one address in an hour. Only that client spends it, so no one can use up an
 * owner's budget; it bounds the guesses a client gets at an address (docs/features.md, "Signing in": the arithmetic).
 */
const CODES_PER_ADDRESS_AND_CLIENT = 4;
const PAIR_WINDOW_MS = 60 * 60_000;

export interface SignInContext {
  db: Db;
  organizationId: string;
  secret: string;
  /** Who the limits count and whose codes these are: ../auth/client-key.ts (an IPv4 address, an IPv6 /64). */
  client: string;
  /** Codes one client may ask for in 15 minutes (SIGN_IN_CODES_PER_IP); it may try twice as many. */
  codesPerClientIp?: number;
}

/** Generous per client: a whole stadium can share one public IP on match day. */
export const DEFAULT_CODES_PER_CLIENT_IP = 100;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Sends a sign-in code to any address, known or not, doing the same work either way (no account
 * enumeration). The mail goes out after the answer, so its timing does not tell either.
 */
export async function requestLoginCode(
  ctx: SignInContext & { mailer: Mailer; appOrigin: string; locale: Locale; verifyPath?: string },
  rawEmail: string,
): Promise<void> {
  const email = normaliseEmail(rawEmail);
  // Nothing here is counted per address alone: what others ask for an address never stops its owner asking.
  await refusedAs('rate_limited', hitRateLimits(ctx.db, [
    { key: `login-send:pair:${ctx.client}:${email}`, max: CODES_PER_ADDRESS_AND_CLIENT, windowMs: PAIR_WINDOW_MS },
    { key: `login-send:ip:${ctx.client}`, max: ctx.codesPerClientIp ?? DEFAULT_CODES_PER_CLIENT_IP, windowMs: WINDOW_MS },
  ]));
  const code = newLoginCode();
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    // Replaces this client's earlier code only: someone else asking for the address leaves the owner's working.
    await repo.retireLoginCodes(trx, ctx.organizationId, email, ctx.client, now.toISOString());
    await repo.insertLoginCode(trx, {
      id: randomUUID(), organization_id: ctx.organizationId, email, client: ctx.client,
      code_hash: hashLoginCode(ctx.secret, email, code),
      created_at: now.toISOString(), expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
    });
  });
  const { organization, settings } = await loadOrganizationSettings(ctx.db, ctx.organizationId);
  // The page that takes the code: the supporters' sign-in, or the console's (/admin/login).
  const link = new URL(ctx.verifyPath ?? '/login/verify-email', ctx.appOrigin);
  link.searchParams.set('email', email);
  link.searchParams.set('code', code);
  const mail = await signInMail({
    to: email, locale: ctx.locale, code, link: link.href, minutes: CODE_TTL_MS / 60_000,
    club: { name: organization.name, theme: settings.theme },
  });
  // The mailer logs its own failures; the answer must not wait for or reveal delivery.
  ctx.mailer.send(mail).catch(() => undefined);
  countCodeSent();
}

/** Checks a code and answers a new session token; the user is created on first sign-in. */
export function verifyLoginCode(ctx: SignInContext, rawEmail: string, code: string, referralCode?: string) {
  return consumeLoginCode(ctx, rawEmail, code, async (trx, email, now) => {
    const { userId, isNewUser } = await findOrCreateUser(trx, ctx.organizationId, email, now, referralCode);
    const { token } = await openSession(trx, userId, now);
    return { token, isNewUser };
  });
}

/**
 * Checks a code (the limits, tries and refusals of every sign-in) and, in the transaction that uses it up,
 * runs `open` for the proven address: a supporter's session, or an operator's (src/server/operators).
 */
export async function consumeLoginCode<T>(
  ctx: SignInContext, rawEmail: string, code: string, open: (trx: Db, email: string, now: Date) => Promise<T>,
): Promise<T> {
  const email = normaliseEmail(rawEmail);
  const tries = 2 * (ctx.codesPerClientIp ?? DEFAULT_CODES_PER_CLIENT_IP);
  await refusedAs('rate_limited', hitRateLimits(ctx.db, [{ key: `login-verify:ip:${ctx.client}`, max: tries, windowMs: WINDOW_MS }]));
  const now = new Date();
  // A code answers only the client it was sent for: tries from anyone else never touch it (never compared
  // with it either, so they learn nothing), and cannot lock it.
  const live = await repo.findLiveLoginCode(ctx.db, ctx.organizationId, email, ctx.client);
  if (!live || live.expires_at <= now.toISOString()) {
    if (await repo.hasLiveCodeElsewhere(ctx.db, ctx.organizationId, email, ctx.client, now.toISOString())) {
      countCodeRefused('elsewhere');
      throw new ApiError('validation_failed', 'api.signin.codeElsewhere', { code: 'api.signin.codeElsewhere' });
    }
    countCodeRefused('expired');
    throw new ApiError('validation_failed', 'api.signin.codeExpired', {
      code: 'api.signin.codeExpiredField',
    });
  }
  if (Number(live.attempts) >= CODE_MAX_TRIES) {
    countCodeRefused('too_many_tries');
    throw new ApiError('validation_failed', 'api.signin.tooManyTries', {
      code: 'api.signin.tooManyTriesField',
    });
  }
  const codeHash = hashLoginCode(ctx.secret, email, code);
  if (!sameHash(live.code_hash, codeHash)) {
    // The code of an earlier e-mail: its owner asked again and typed the older code. Said as it is, and
    // not counted as a guess (matching a replaced code is as hard as matching the live one).
    if (await repo.findReplacedLoginCode(ctx.db, ctx.organizationId, email, ctx.client, codeHash)) {
      countCodeRefused('replaced');
      throw new ApiError('login_code_replaced', 'api.signin.codeReplaced', {
        code: 'api.signin.codeReplacedField',
      });
    }
    const tries = await repo.countWrongTry(ctx.db, live.id);
    countCodeRefused('wrong');
    const left = Math.max(0, CODE_MAX_TRIES - tries);
    const message = left ? msg('api.signin.wrongCode', { count: left }) : 'api.signin.codeLocked';
    throw new ApiError('validation_failed', message, { code: message });
  }
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.useLoginCode(trx, live.id, now.toISOString()))) {
      countCodeRefused('used');
      throw new ApiError('validation_failed', 'api.signin.codeUsed', { code: 'api.signin.codeUsedField' });
    }
    return open(trx, email, now);
  });
}

/** The user with this (normalised) address, created with it when there is none (tied to a referrer, if any). */
export async function findOrCreateUser(trx: Db, organizationId: string, email: string, now: Date, referralCode?: string) {
  const known = await findUserByEmail(trx, organizationId, email);
  if (known) return { userId: known.id, isNewUser: false };
  const userId = randomUUID();
  await insertUser(trx, { id: userId, organization_id: organizationId, email, now: now.toISOString() });
  await tieReferral(trx, organizationId, userId, referralCode);
  return { userId, isNewUser: true };
}

/**
 * A new session for the user: the token is answered once, only its hash is stored. Every way in (the
 * e-mailed code, the club's identity provider) opens its session here, after proving who is signing in:
 * a blocked supporter is refused only then, so typing an address tells nobody whether it is blocked.
 */
export async function openSession(trx: Db, userId: string, now: Date) {
  await refuseBlocked(trx, userId);
  const token = newSessionToken();
  const sessionId = randomUUID();
  await repo.insertSession(trx, {
    id: sessionId, token_hash: hashToken(token), user_id: userId,
    created_at: now.toISOString(), expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
  });
  return { token, sessionId };
}

/** 403 `account_blocked` for a supporter the club has blocked, naming the club to contact. */
async function refuseBlocked(db: Db, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user?.blocked_at) return;
  const organization = await findOrganizationById(db, user.organization_id);
  throw new AccountBlockedError(msg('api.signin.blocked', { club: organization?.name ?? '' }));
}

/** Counts a refusal the rate limit makes (it throws) under `reason`. */
async function refusedAs(reason: CodeRefusal, check: Promise<void>): Promise<void> {
  try {
    await check;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'rate_limited') countCodeRefused(reason);
    throw error;
  }
}

/** The user behind a session token, or undefined when it is unknown, ended or expired. */
export function findSessionByToken(db: Db, token: string) {
  return repo.findLiveSession(db, hashToken(token), new Date().toISOString());
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await repo.endSessionById(db, sessionId, new Date().toISOString());
}
