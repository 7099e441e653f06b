import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { findOrganizationById, listRanks, listSettings } from './organization.repository.ts';

export interface Rank {
  name: string;
  pointsRequired: number;
}

export interface CurrentOrganization {
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

const THEME_PREFIX = 'theme';

export async function getCurrentOrganization(db: Db, organizationId: string): Promise<CurrentOrganization> {
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw new ApiError('not_found', 'This organization no longer exists.');
  const [ranks, settings] = await Promise.all([listRanks(db, organizationId), listSettings(db, organizationId)]);
  return {
    organizationId: organization.id,
    name: organization.name,
    token: organization.token,
    timeZone: organization.time_zone,
    // Sorted from P10 (0 points) up to P1.
    ranks: ranks.map((r) => ({ name: r.name, pointsRequired: Number(r.points_required) })),
    settings: {
      pointTerm: settings['pointTerm'] ?? 'point',
      pointsTerm: settings['pointsTerm'] ?? 'points',
      animatedPointsAsXp: settings['animatedPointsAsXp'] ?? 'false',
      ssoEnabled: settings['ssoEnabled'] ?? 'false',
      loggedOffDashboard: settings['loggedOffDashboard'] ?? 'false',
    },
    theme: Object.fromEntries(
      Object.entries(settings)
        .filter(([key]) => key.startsWith(THEME_PREFIX) && key.length > THEME_PREFIX.length)
        .map(([key, value]) => [key[THEME_PREFIX.length]!.toLowerCase() + key.slice(THEME_PREFIX.length + 1), value]),
    ),
  };
}
