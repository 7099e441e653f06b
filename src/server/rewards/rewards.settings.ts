import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { findOrganizationById, listSettings } from '../organization/organization.repository.ts';

/** Used when the organization has no valid setting: the demo organization's values. */
export const DEFAULT_BIRTHDAY_BONUS_POINTS = 50;
export const DEFAULT_REFERRAL_POINTS = 100;
export const DEFAULT_REFERRAL_MONTHLY_CAP = 10;

function wholeNumber(value: string | undefined, fallback: number): number {
  const parsed = value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(parsed) && parsed >= 0 ? parsed : fallback;
}

/** The organization's reward terms; '0' turns a reward off. */
export async function loadRewardTerms(db: Db, organizationId: string) {
  const [organization, settings] = await Promise.all([findOrganizationById(db, organizationId), listSettings(db, organizationId)]);
  if (!organization) throw new ApiError('not_found', 'This organization no longer exists.');
  return {
    timeZone: organization.time_zone,
    birthdayBonusPoints: wholeNumber(settings['birthdayBonusPoints'], DEFAULT_BIRTHDAY_BONUS_POINTS),
    referralPoints: wholeNumber(settings['referralPoints'], DEFAULT_REFERRAL_POINTS),
    /** Referral awards a referrer may earn per calendar month (organization time zone). */
    referralMonthlyCap: wholeNumber(settings['referralMonthlyCap'], DEFAULT_REFERRAL_MONTHLY_CAP),
  };
}
