import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Caller } from '../env.ts';
import { ApiError } from '../errors.ts';
import { noteClubVersion } from '../organization/club-snapshot.ts';
import { findOrganizationByPublicKey } from '../organization/organization.repository.ts';
import { findSessionByToken } from '../session/session.service.ts';
import { takeNotedSession } from './noted-session.ts';
import { hashToken, looksLikeSessionToken } from './secrets.ts';

/** Paths anyone may call without a key. */
const OPEN_PATHS = new Set(['/api/health', '/api/openapi.json', '/api/dev/mail']);
/**
 * Served files (content-hash names) are public: an avatar shows wherever it is linked, a <video> (which
 * sends no Authorization header) plays, a rules PDF opens from a link or a CDN.
 */
const OPEN_MEDIA = /^\/api\/media\/(?:[a-f0-9]{64}\.(?:webp|pdf)|videos\/[a-f0-9]{64}\.(?:mp4|webm))$/;

/** Operator endpoints resolve their own bearer (an operator session or API key): ../operators/operator.middleware.ts. */
const OPEN_PREFIX = '/api/admin/';

function isOpen(method: string, path: string): boolean {
  return OPEN_PATHS.has(path) || path.startsWith(OPEN_PREFIX) || ((method === 'GET' || method === 'HEAD') && OPEN_MEDIA.test(path));
}

/**
 * Resolves the caller from `Authorization: Bearer …`: the organization's public key (anonymous)
 * or a session token. `x-org-token`, when sent, must match the organization's token.
 */
export const resolveCaller = createMiddleware<AppEnv>(async (c, next) => {
  if (isOpen(c.req.method, c.req.path)) return next();
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match) {
    throw new ApiError('unauthorized', 'api.auth.bearerMissing');
  }
  const caller = await cachedCallerFor(c, match[1]!);
  if (!caller) throw new ApiError('unauthorized', 'api.auth.unknownKey');
  const orgToken = c.req.header('x-org-token');
  if (orgToken !== undefined && orgToken !== caller.organizationToken) {
    throw new ApiError('unauthorized', 'api.auth.orgTokenMismatch');
  }
  c.set('caller', caller);
  return noteClubVersion(c.get('db'), caller.organizationId, caller.clubVersion, next);
});

/** Safe methods share the page request's lookup; a write (it may end the session) starts afresh. */
function cachedCallerFor(c: Context<AppEnv>, bearer: string): Promise<Caller | undefined> {
  const cache = (c.env as AppEnv['Bindings'] | undefined)?.callerCache;
  if (!cache) return callerFor(c.get('db'), bearer);
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    cache.clear();
    return callerFor(c.get('db'), bearer);
  }
  let caller = cache.get(bearer);
  if (!caller) {
    caller = callerFor(c.get('db'), bearer, true);
    cache.set(bearer, caller);
    // A failed lookup is not kept: the next call tries again.
    caller.catch(() => cache.delete(bearer));
  }
  return caller;
}

/** One statement for the usual caller: a bearer shaped like a session token is looked up as one first. */
async function callerFor(db: AppEnv['Variables']['db'], bearer: string, pageRead = false): Promise<Caller | undefined> {
  if (looksLikeSessionToken(bearer)) return (await sessionCaller(db, bearer, pageRead)) ?? organizationCaller(db, bearer);
  return (await organizationCaller(db, bearer)) ?? sessionCaller(db, bearer, pageRead);
}

async function organizationCaller(db: AppEnv['Variables']['db'], bearer: string): Promise<Caller | undefined> {
  const organization = await findOrganizationByPublicKey(db, bearer);
  if (!organization) return undefined;
  return {
    organizationId: organization.id, organizationToken: organization.token, timeZone: organization.time_zone, userId: null, sessionId: null, user: null,
    clubVersion: Number(organization.content_version),
  };
}

/** `pageRead`: a page's read in process, which may use the session its request has read already (src/server/http/kept-pages/provider.ts). */
async function sessionCaller(db: AppEnv['Variables']['db'], bearer: string, pageRead: boolean): Promise<Caller | undefined> {
  const session = (pageRead ? takeNotedSession(hashToken(bearer)) : undefined) ?? await findSessionByToken(db, bearer);
  if (!session) return undefined;
  const { sessionId, organizationToken, timeZone, contentVersion, ...user } = session;
  return { organizationId: user.organization_id, organizationToken, timeZone, userId: user.id, sessionId, user, clubVersion: Number(contentVersion) };
}

/** The signed-in user's id, or a 401 for anonymous callers. */
export function requireUserId(caller: Caller): string {
  if (!caller.userId) throw new ApiError('unauthorized', 'api.auth.signIn');
  return caller.userId;
}
