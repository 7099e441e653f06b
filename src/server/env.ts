import type { Selectable } from 'kysely';
import type { Db } from './db/connection.ts';
import type { Actor } from './audit/audit.ts';
import type { KeyOfWrite } from './idempotency/idempotency.claims.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MediaStore } from './media/media.store.ts';
import type { UserTable } from './users/user.table.ts';

/** What the API needs from outside: built once per process (or per test). */
export type AppDeps = CommonDeps & MediaDeps;

/**
 * Where stored files are kept: a media store (MEDIA_STORE, src/server/media/media.config.ts), or, for tests and
 * benches, a folder's path (MEDIA_DIR), the default store. The API reads the store as `c.get('media')`.
 */
export type MediaDeps = { media: MediaStore; mediaDir?: never } | { mediaDir: string; media?: never };

interface CommonDeps {
  db: Db;
  mailer: Mailer;
  /** Keys the sign-in codes. */
  secret: string;
  /** Where links in e-mails point, e.g. https://club.example. */
  publicUrl: string;
  production: boolean;
  /** Where media-store files are linked from (MEDIA_BASE_URL, default `/api/media`): a CDN can sit in front. */
  mediaBaseUrl?: string;
  /**
   * Tests only: calls made in process carry no client address (x-client-ip), so they are refused by
   * the development outbox, which answers loopback callers only, unless this is true.
   */
  devMailInProcess?: boolean;
  /** Sign-in codes one client address may ask for in 15 minutes (SIGN_IN_CODES_PER_IP; default 100). */
  signInCodesPerIp?: number;
  /** The club's OpenID Connect provider (OIDC_ISSUER, …); absent, supporters sign in by e-mailed code only. */
  provider?: ProviderSettings | undefined;
  /** EMAIL_SIGN_IN: false refuses the e-mailed code sign-in (the provider is then the way in). Default true. */
  emailSignIn?: boolean;
  /** How long a pending Idempotency-Key claim of a process that may live holds (default IDEMPOTENCY_LEASE_MS); the crash test lengthens it past its own run. */
  idempotencyLeaseMs?: number;
}

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Who is calling, resolved once per request by the auth middleware. */
export interface Caller {
  organizationId: string;
  organizationToken: string;
  /** The organization's time zone (its days: check-ins, birthdays, ages), read with the caller. */
  timeZone: string;
  /** null while the caller uses the organization's public key (anonymous). */
  userId: string | null;
  sessionId: string | null;
  /**
   * The user's row as read with the session, so GET /user/me reads it no second time. A snapshot of this
   * request (or page request: a write starts afresh), for reads only: writes read the row themselves.
   */
  user: Selectable<UserTable> | null;
  /** The club's content version read with the caller (organizations.content_version): ../organization/club-snapshot.ts. */
  clubVersion?: number;
}

/**
 * One page request's callers by bearer, handed to `app.fetch(request, { callerCache })` by the
 * in-process client (src/app/api.server.ts), so the page and its API calls look the session up once.
 * Over HTTP (API_ORIGIN, real clients) there is none and every request resolves its own caller.
 */
export type CallerCache = Map<string, Promise<Caller | undefined>>;

export interface AppEnv {
  /** Absent (undefined at run time) unless the in-process client passes it. */
  Bindings: { callerCache?: CallerCache };
  Variables: {
    requestId: string;
    db: Db;
    deps: AppDeps;
    /** The media store (deps.media, or a folder store at deps.mediaDir). */
    media: MediaStore;
    caller: Caller;
    /** On /admin/* only: the operator or API key behind the request (src/server/operators/operator.middleware.ts). */
    operator: Actor;
    /** The console session behind `operator`, when it is one (not an API key). */
    operatorSessionId: string | undefined;
    /** Audit entries this admin request appended: a write that answers success with none is a bug. */
    audited: number | undefined;
    /** The Idempotency-Key a route marked `commitsWithItsWrite` stores with its write (src/server/idempotency/one-commit.ts). */
    keyOfWrite: KeyOfWrite | undefined;
  };
}
