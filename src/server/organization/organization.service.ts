import type { Locale } from '../../shared/i18n/locales.ts';
import type { Db } from '../db/connection.ts';
import { listRanks } from './organization.repository.ts';
import type { Organization } from './organization.schema.ts';
import { loadOrganizationSettings } from './settings.ts';

/** The organization as `locale`'s readers see it: the about page in their language when the club wrote it. */
export async function getCurrentOrganization(db: Db, organizationId: string, locale: Locale): Promise<Organization> {
  const [{ organization, settings }, ranks] = await Promise.all([
    loadOrganizationSettings(db, organizationId), listRanks(db, organizationId),
  ]);
  const {
    pointTerm, pointsTerm, animatedPointsAsXp, ssoEnabled, loggedOffDashboard, crestUrl, heroUrl, aboutMarkdown,
    instagramPosts, instagramProfile, internalDomains, theme, aboutMarkdownEs,
  } = settings;
  return {
    organizationId: organization.id,
    name: organization.name,
    token: organization.token,
    timeZone: organization.time_zone,
    // Sorted from P10 (0 points) up to P1.
    ranks: ranks.map((r) => ({ name: r.name, pointsRequired: Number(r.points_required) })),
    settings: {
      pointTerm, pointsTerm, animatedPointsAsXp, ssoEnabled, loggedOffDashboard, crestUrl, heroUrl,
      aboutMarkdown: locale === 'es' && aboutMarkdownEs ? aboutMarkdownEs : aboutMarkdown,
      instagramPosts, instagramProfile, internalDomains,
    },
    theme,
  };
}
