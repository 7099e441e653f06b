import type { ApiClient } from './client.ts';

export interface Rank {
  name: string;
  pointsRequired: number;
}

export interface Organization {
  organizationId: string;
  name: string;
  token: string;
  timeZone: string;
  ranks: Rank[];
  settings: {
    pointTerm: string;
    pointsTerm: string;
    animatedPointsAsXp: string;
    ssoEnabled: string;
    loggedOffDashboard: string;
  };
  theme: Record<string, string>;
}

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
