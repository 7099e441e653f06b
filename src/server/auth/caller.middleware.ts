import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { findOrganizationByPublicKey } from '../organization/organization.repository.ts';

/** Paths anyone may call without a key. */
const OPEN_PATHS = new Set(['/api/health', '/api/openapi.json']);

/**
 * Resolves the caller from `Authorization: Bearer …`: the organization's public key (anonymous)
 * or, from the accounts issue on, a session token. `x-org-token`, when sent, must match.
 */
export const resolveCaller = createMiddleware<AppEnv>(async (c, next) => {
  if (OPEN_PATHS.has(c.req.path)) return next();
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) {
    throw new ApiError('unauthorized', 'Send Authorization: Bearer with your session token or the organization key.');
  }
  const organization = await findOrganizationByPublicKey(c.get('db'), match[1]!);
  if (!organization) throw new ApiError('unauthorized', 'The key or session is unknown or has expired. Sign in again.');

  const orgToken = c.req.header('x-org-token');
  if (orgToken !== undefined && orgToken !== organization.token) {
    throw new ApiError('unauthorized', 'The x-org-token header does not match this organization. Reload the app.');
  }
  c.set('caller', { organizationId: organization.id, organizationToken: organization.token, userId: null });
  return next();
});
