import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { findOrganizationById, listSettings } from './organization.repository.ts';

/**
 * The one reading of an organization's settings (key/value text rows), with the defaults the demo
 * organization uses. Every service takes its terms from here: a missing or malformed value falls
 * back to its default, a '0' turns a reward off where zero is allowed.
 */
export const SETTING_DEFAULTS = {
  checkinPoints: 10,
  checkinStreakBonus: 5,
  birthdayBonusPoints: 50,
  referralPoints: 100,
  /** Referral awards a referrer may earn per calendar month (organization time zone). */
  referralMonthlyCap: 10,
} as const;

/** The club's images when it has set none: the product's own mark, and no hero photo. */
export const IDENTITY_DEFAULTS = {
  crestUrl: '/favicon.svg',
  heroUrl: null,
} as const;

export interface OrganizationSettings {
  pointTerm: string;
  pointsTerm: string;
  animatedPointsAsXp: string;
  ssoEnabled: string;
  loggedOffDashboard: string;
  /** At least 1: a check-in is recorded as its ledger entry, and ledger amounts are positive. */
  checkinPoints: number;
  checkinStreakBonus: number;
  birthdayBonusPoints: number;
  referralPoints: number;
  referralMonthlyCap: number;
  /** The club's crest (square, ideally SVG): the header, the landing page and the browser tab's icon. */
  crestUrl: string;
  /** The landing page's hero image, or null for a hero drawn in the club's colours alone. */
  heroUrl: string | null;
  /** The about page's text, Markdown written by the club (rendered and sanitized where shown); null when none. */
  aboutMarkdown: string | null;
  /** `themePrimary` → `primary`, … (the organization's colours). */
  theme: Record<string, string>;
}

const THEME_PREFIX = 'theme';

function wholeNumber(value: string | undefined, min: number, fallback: number): number {
  const parsed = value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(parsed) && parsed >= min ? parsed : fallback;
}

// A path on this site (the CSP allows images from 'self' only): no scheme, no `//host`, no `..`, no backslash.
const SITE_PATH = /^\/(?!\/)(?:[A-Za-z0-9._~%-]+\/?)*$/;

function sitePath(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && SITE_PATH.test(trimmed) && !trimmed.split('/').includes('..') ? trimmed : undefined;
}

export function parseSettings(raw: Record<string, string>): OrganizationSettings {
  return {
    pointTerm: raw['pointTerm'] ?? 'point',
    pointsTerm: raw['pointsTerm'] ?? 'points',
    animatedPointsAsXp: raw['animatedPointsAsXp'] ?? 'false',
    ssoEnabled: raw['ssoEnabled'] ?? 'false',
    loggedOffDashboard: raw['loggedOffDashboard'] ?? 'false',
    checkinPoints: wholeNumber(raw['checkinPoints'], 1, SETTING_DEFAULTS.checkinPoints),
    checkinStreakBonus: wholeNumber(raw['checkinStreakBonus'], 0, SETTING_DEFAULTS.checkinStreakBonus),
    birthdayBonusPoints: wholeNumber(raw['birthdayBonusPoints'], 0, SETTING_DEFAULTS.birthdayBonusPoints),
    referralPoints: wholeNumber(raw['referralPoints'], 0, SETTING_DEFAULTS.referralPoints),
    referralMonthlyCap: wholeNumber(raw['referralMonthlyCap'], 0, SETTING_DEFAULTS.referralMonthlyCap),
    crestUrl: sitePath(raw['crestUrl']) ?? IDENTITY_DEFAULTS.crestUrl,
    heroUrl: sitePath(raw['heroUrl']) ?? IDENTITY_DEFAULTS.heroUrl,
    aboutMarkdown: raw['aboutMarkdown']?.trim() || null,
    theme: Object.fromEntries(
      Object.entries(raw)
        .filter(([key]) => key.startsWith(THEME_PREFIX) && key.length > THEME_PREFIX.length)
        .map(([key, value]) => [key[THEME_PREFIX.length]!.toLowerCase() + key.slice(THEME_PREFIX.length + 1), value]),
    ),
  };
}


/** The organization row, or the one "no longer exists" answer. */
export async function requireOrganization(db: Db, organizationId: string) {
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw new ApiError('not_found', 'api.auth.organizationGone');
  return organization;
}

/** The organization with its parsed settings, read in parallel. */
export async function loadOrganizationSettings(db: Db, organizationId: string) {
  const [organization, raw] = await Promise.all([requireOrganization(db, organizationId), listSettings(db, organizationId)]);
  return { organization, settings: parseSettings(raw) };
}
