import type { Db } from '../db/connection.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';

/** The organization's reward terms (src/server/organization/settings.ts reads them); '0' turns a reward off. */
export async function loadRewardTerms(db: Db, organizationId: string) {
  const { organization, settings } = await loadOrganizationSettings(db, organizationId);
  return {
    timeZone: organization.time_zone,
    birthdayBonusPoints: settings.birthdayBonusPoints,
    referralPoints: settings.referralPoints,
    referralMonthlyCap: settings.referralMonthlyCap,
  };
}
