import type { Db } from '../db/connection.ts';
import { listRanks } from './organization.repository.ts';
import { loadOrganizationSettings, type InstagramPost, type InstagramProfile } from './settings.ts';

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
    crestUrl: string;
    heroUrl: string | null;
    aboutMarkdown: string | null;
    instagramPosts: InstagramPost[];
    instagramProfile: InstagramProfile | null;
    internalDomains: string[];
  };
  theme: Record<string, string>;
}

export async function getCurrentOrganization(db: Db, organizationId: string): Promise<CurrentOrganization> {
  const [{ organization, settings }, ranks] = await Promise.all([
    loadOrganizationSettings(db, organizationId), listRanks(db, organizationId),
  ]);
  const {
    pointTerm, pointsTerm, animatedPointsAsXp, ssoEnabled, loggedOffDashboard, crestUrl, heroUrl, aboutMarkdown,
    instagramPosts, instagramProfile, internalDomains, theme,
  } = settings;
  return {
    organizationId: organization.id,
    name: organization.name,
    token: organization.token,
    timeZone: organization.time_zone,
    // Sorted from P10 (0 points) up to P1.
    ranks: ranks.map((r) => ({ name: r.name, pointsRequired: Number(r.points_required) })),
    settings: {
      pointTerm, pointsTerm, animatedPointsAsXp, ssoEnabled, loggedOffDashboard, crestUrl, heroUrl, aboutMarkdown,
      instagramPosts, instagramProfile, internalDomains,
    },
    theme,
  };
}
