import { dataOf } from './answer.ts';
import type { ApiClient } from './client.ts';

// The API's own shapes (type-only import: no server code reaches the browser).
import type { InstagramPost, Organization, Rank } from '~/server/organization/organization.schema.ts';

export type { InstagramPost, Organization, Rank };

export const MISSING_ORGANIZATION_WARNING = 'No organizationId found in the response';

/**
 * Loads the organization (the organization key as bearer) and sets the x-org-token for later
 * calls. Answers undefined, with the spec's warning, when the answer holds no organizationId.
 */
export async function fetchOrganization(
  api: ApiClient,
  logger: Pick<Console, 'warn'> = console,
): Promise<Organization | undefined> {
  // Checked, not trusted: spec section 5 has the client warn about an answer without an organization.
  const organization = await dataOf<Partial<Organization> | undefined>(
    api.http.get('organization/current', { headers: { Authorization: `Bearer ${api.organizationKey}` } }),
  );
  if (!organization?.organizationId) {
    logger.warn(MISSING_ORGANIZATION_WARNING);
    return undefined;
  }
  api.setOrganizationToken(organization.token);
  return organization as Organization;
}
