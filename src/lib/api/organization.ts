import type { ApiClient } from './client.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type { CurrentOrganization, Rank } from '~/server/organization/organization.service.ts';

export type { Rank };
export type Organization = CurrentOrganization;

export const MISSING_ORGANIZATION_WARNING = 'No organizationId found in the response';

/**
 * Loads the organization (the organization key as bearer) and sets the x-org-token for later
 * calls. Answers undefined, with the spec's warning, when the answer holds no organizationId.
 */
export async function fetchOrganization(
  api: ApiClient,
  logger: Pick<Console, 'warn'> = console,
): Promise<Organization | undefined> {
  const body = await api.http
    .get('organization/current', { headers: { Authorization: `Bearer ${api.organizationKey}` } })
    .json<{ data?: Partial<Organization> }>();
  if (!body?.data?.organizationId) {
    logger.warn(MISSING_ORGANIZATION_WARNING);
    return undefined;
  }
  const organization = body.data as Organization;
  api.setOrganizationToken(organization.token);
  return organization;
}
