import { createMiddleware } from 'hono/factory';
import { can, type Permission } from '../../shared/operator-roles.ts';
import type { Actor } from '../audit/audit.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { log } from '../log.ts';
import { findOrganizationById, findOrganizationByPublicKey } from '../organization/organization.repository.ts';
import { looksLikeSessionToken } from '../auth/secrets.ts';
import { findSessionByToken } from '../session/session.service.ts';
import { apiKeyByValue } from './api-key.service.ts';
import { operatorBySession } from './operator.service.ts';
import { secretKind } from './operator-secrets.ts';

/** The console's sign-in: called with the organization's public key, like a supporter's. */
export const OPERATOR_SIGN_IN_PATHS = new Set(['/api/admin/session/email', '/api/admin/session/email/verify']);
/** Writes that change no club data (signing in and out): the only /admin writes without an audit entry. */
const UNAUDITED = /^\/api\/admin\/session(?:\/|$)/;

/**
 * Every /api/admin/* request: resolves the operator behind `Authorization: Bearer` (a console session,
 * `tos_…`, or an API key, `tak_…`), or refuses: 403 for a supporter's session, 401 for anything else. Each route then states what it needs with
 * `allow(permission)`. A successful write that appended no audit entry (and did not say it changed nothing) is a bug, and
 * answers as one.
 */
export const resolveOperator = createMiddleware<AppEnv>(async (c, next) => {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const db = c.get('db');
  if (OPERATOR_SIGN_IN_PATHS.has(c.req.path)) {
    const organization = bearer ? await findOrganizationByPublicKey(db, bearer) : undefined;
    if (!organization) throw new ApiError('unauthorized', 'api.auth.unknownKey');
    c.set('caller', { organizationId: organization.id, organizationToken: organization.token, timeZone: organization.time_zone, userId: null, sessionId: null, user: null });
    return next();
  }
  const actor = bearer ? await actorFor(c, bearer) : undefined;
  if (!actor) {
    // A supporter signed in is known, and not allowed: told apart from an unknown or ended key.
    if (bearer && looksLikeSessionToken(bearer) && await findSessionByToken(db, bearer)) throw new ApiError('forbidden', 'api.operator.supporter');
    throw new ApiError('unauthorized', 'api.operator.signIn');
  }
  const organization = await findOrganizationById(db, actor.organizationId);
  if (!organization) throw new ApiError('unauthorized', 'api.operator.signIn');
  c.set('operator', actor);
  c.set('caller', { organizationId: organization.id, organizationToken: organization.token, timeZone: organization.time_zone, userId: null, sessionId: null, user: null });
  await next();
  const write = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  // A replayed answer (Idempotency-Key) repeats a write that was audited when it ran.
  const replayed = c.res.headers.get('Idempotent-Replayed') === 'true';
  if (write && !replayed && c.res.status < 400 && c.get('audited') === undefined && !UNAUDITED.test(c.req.path)) {
    log.error({ method: c.req.method, route: c.req.path }, 'an operator write answered without an audit entry');
    throw new Error(`${c.req.method} ${c.req.path} wrote without an audit entry`);
  }
});

async function actorFor(c: Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0], bearer: string): Promise<Actor | undefined> {
  const db = c.get('db');
  const kind = secretKind(bearer);
  if (kind === 'session') {
    const session = await operatorBySession(db, bearer);
    if (!session) return undefined;
    c.set('operatorSessionId', session.sessionId);
    return { type: 'operator', id: session.id, label: session.email, role: session.role, organizationId: session.organization_id };
  }
  if (kind === 'apiKey') {
    const key = await apiKeyByValue(db, bearer);
    if (!key) return undefined;
    // Each use of a key is on record for operators (the key's id, never its value).
    log.info({ apiKeyId: key.id, method: c.req.method, route: c.req.path }, 'api key used');
    return { type: 'api_key', id: key.id, label: key.name, role: key.role, organizationId: key.organization_id };
  }
  return undefined;
}

/** A route's requirement: 403 for an operator whose role lacks `permission`. */
export const allow = (permission: Permission) => createMiddleware<AppEnv>(async (c, next) => {
  const { role } = c.get('operator');
  if (!can(role, permission)) throw new ApiError('forbidden', 'api.operator.forbidden');
  await next();
});
