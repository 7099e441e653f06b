import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Locale } from '../shared/i18n/locales.ts';
import { msg, renderApiText, type ApiText } from './api-text.ts';
import { requestLocale } from './locale.ts';
import { noteErrorCode } from '../shared/request-context.server.ts';
import { log } from './log.ts';

export { msg, type ApiText };

/** The closed set of error codes the API answers with, and the HTTP status of each. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** Only a real conflict a retry can resolve (a request still being processed): clients retry 409. */
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** A Range header past the end of a stored file. */
  range_not_satisfiable: 416,
  validation_failed: 422,
  insufficient_points: 422,
  challenge_submission_failed: 422,
  // Business refusals: 422, never 409, so a client does not retry what cannot succeed.
  already_checked_in: 422,
  /** A check-in ticket not signed here for this supporter (forged, another's, its day changed). */
  invalid_ticket: 422,
  /** A check-in ticket past its day and the next, or for a day still to come. */
  ticket_expired: 422,
  challenge_closed: 422,
  outcome_already_set: 422,
  birthday_locked: 422,
  /** A sign-in code that a newer one replaced: not a wrong guess, so it is told apart and not counted. */
  login_code_replaced: 422,
  /** A watch checksum not signed here for this supporter and video (forged, another's, another video's) or expired. */
  checksum_invalid: 422,
  /** A video view sent before the watch threshold has passed since its ticket: it can succeed later. */
  view_too_early: 422,
  /** An activation asked for outside its window: before it opens, or once it is over. */
  activation_not_started: 422,
  activation_over: 422,
  /** An experience whose places are all taken. */
  experience_full: 422,
  /** An experience the supporter's membership tier does not unlock. */
  experience_locked: 403,
  /** An experience for adults only, asked for by an under-18 supporter. */
  experience_adults_only: 403,
  /** A sweepstake entry refused: not live (coming soon, ended, cancelled), or the supporter's cap reached. */
  sweepstake_closed: 422,
  entry_limit_reached: 422,
  free_entry_used: 422,
  /** Operators: a draw asked for before the end, of a cancelled sweepstake, or a cancel after the draw. */
  draw_not_allowed: 422,
  /** DiscourseConnect (/sso): the forum's request is not signed with the shared secret. */
  sso_signature_invalid: 422,
  /** DiscourseConnect: the signed payload is not base64 of a query string with a nonce and a return_sso_url. */
  sso_payload_invalid: 422,
  /** DiscourseConnect: return_sso_url is not on the club's configured forum. */
  sso_return_url_foreign: 422,
  /** DiscourseConnect: this nonce has been answered already (a replay). */
  sso_nonce_used: 422,
  /** DiscourseConnect is off for the organization (ssoEnabled is not 'true', or no forum or secret is set). */
  sso_disabled: 404,
  /** EMAIL_SIGN_IN=off: the club signs supporters in through its own identity provider only. */
  email_sign_in_off: 403,
  /** No OpenID Connect provider is configured (OIDC_ISSUER unset). */
  provider_off: 404,
  /** A provider sign-in whose state is unknown, used, expired, or not the one this browser started. */
  provider_state_invalid: 422,
  /** The supporter said no at the provider (access_denied). */
  provider_denied: 422,
  /** The provider answered with an error, or with something that failed the checks (code, nonce, ID token). */
  provider_refused: 422,
  /** The provider gave no e-mail address, or one it has not verified. */
  provider_email_unverified: 422,
  /** The verified address belongs to an account already tied to another subject at the provider. */
  provider_account_taken: 422,
  /** Operators: the address is on the staff already. */
  operator_exists: 422,
  /** Operators: the change would leave the club without an owner. */
  last_owner: 422,
  /** Operators: a sweepstake changed after it started (supporters may have entered), or drawn or cancelled. */
  sweepstake_started: 422,
  /** Operators: a live sweepstake archived (cancel it first). */
  sweepstake_live: 422,
  /** A supporter the club has blocked: no sign-in, no earning, spending or entering until unblocked. */
  account_blocked: 403,
  /** Operators: an adjustment approved or refused already (only a pending one can be decided). */
  adjustment_decided: 422,
  /** Operators: an award the club has taken back already (a second reversal changes nothing). */
  already_reversed: 422,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
  /** The API at API_ORIGIN did not answer in time (it said 408): the web server's /api forwarder says so, never 408. */
  upstream_timeout: 504,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * An answer the API refuses with. It carries message keys, not words: `new ApiError('challenge_closed',
 * 'api.challenge.closed')`, `msg('api.rateLimit.wait', { count })` for one with values; the answer is
 * written in the request's language (errorResponse). `message` and `details` hold the English, for logs.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ErrorCode;
  readonly text: ApiText;
  readonly detailTexts: Record<string, ApiText> | undefined;
  readonly details: Record<string, string> | undefined;

  constructor(code: ErrorCode, text: ApiText, details?: Record<string, ApiText>, cause?: unknown) {
    super(renderApiText(text), { cause });
    this.code = code;
    this.text = text;
    this.detailTexts = details;
    this.details = details && renderDetails(details);
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

/** A refused challenge answer (a wrong keyword, an answered challenge, a bad option): 422 with a message to show. */
export class ChallengeSubmissionError extends ApiError {
  override name = 'ChallengeSubmissionError';
  constructor(text: ApiText, cause?: unknown) {
    super('challenge_submission_failed', text, undefined, cause);
  }
}

/**
 * A refusal that keeps what its write did before it: a wrong keyword still counts against the hourly limit.
 * `answerInOneCommit` commits that work with this refusal as the answer (and its Idempotency-Key's); anywhere else it
 * is the refusal it carries, and its transaction rolls back as for any other.
 */
export class RefusalKeepingWork extends ApiError {
  override name = 'RefusalKeepingWork';
  constructor(refusal: ApiError) {
    super(refusal.code, refusal.text, refusal.detailTexts, refusal);
  }
}

/**
 * A spend larger than the spendable balance: 422; nothing was taken. With `missing` (the caller read the
 * balance) the message says how many points are still missing; `needed` and `missing` stay on the error.
 */
export class InsufficientPointsError extends ApiError {
  override name = 'InsufficientPointsError';
  readonly needed: number;
  readonly missing: number | undefined;
  constructor(needed: number, missing?: number) {
    super('insufficient_points', missing === undefined
      ? msg('api.points.insufficient', { count: needed })
      : msg('api.points.missing', { count: missing, cost: needed }));
    this.needed = needed;
    this.missing = missing;
  }
}

/**
 * A supporter the club has blocked (users.blocked_at): the ledger refuses to pay or take points, and sign-in
 * refuses once the code is proven. 403 `account_blocked`; the sign-in's words say how to reach the club.
 */
export class AccountBlockedError extends ApiError {
  override name = 'AccountBlockedError';
  constructor(text: ApiText = 'api.account.blocked') {
    super('account_blocked', text);
  }
}

/** The one place an error becomes an HTTP answer: `{ error: { code, message, requestId, details? } }`. */
export function errorResponse(c: Context, error: unknown) {
  const requestId = (c.get('requestId') as string | undefined) ?? '';
  const known = error instanceof ApiError ? error : toApiError(error);
  noteErrorCode(known.code);
  // One line per server error for operators: the error and its stack, never the request itself.
  if (known.status >= 500) log.error({ err: known.cause ?? error, requestId, path: c.req.path }, 'API error');
  return c.json(errorBody(known, requestLocale(c), requestId), known.status);
}

/** The answer's body in a language, also for the few refusals made before the API (middleware, HTTP gate). */
export function errorBody(error: ApiError, locale: Locale, requestId: string) {
  return {
    error: {
      code: error.code,
      message: renderApiText(error.text, locale),
      requestId,
      ...(error.detailTexts ? { details: renderDetails(error.detailTexts, locale) } : {}),
    },
  };
}

function renderDetails(details: Record<string, ApiText>, locale?: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(details).map(([field, text]) => [field, renderApiText(text, locale)]));
}

function toApiError(error: unknown): ApiError {
  // Hono's own HTTPExceptions (e.g. a malformed JSON body) carry a 4xx status.
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    if (error.status === 400) return new ApiError('bad_request', 'api.request.badJson');
    if (error.status === 415) return new ApiError('unsupported_media_type', 'api.request.sendJson');
  }
  return new ApiError('internal_error', 'api.request.internal');
}
