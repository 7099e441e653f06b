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
  /** The club's chosen Instagram posts for /media/instagram, newest first; only the valid ones. */
  instagramPosts: InstagramPost[];
  /** The club's Instagram profile ("Follow us on Instagram"), or null when it has none. */
  instagramProfile: InstagramProfile | null;
  /**
   * `drawBeaconUrl`: a drand chain's public address (https, e.g. https://api.drand.sh/{chain hash}); new
   * sweepstakes then announce the chain's first round after their end and mix it into the draw. Null: off.
   */
  drawBeaconUrl: string | null;
  /** The club's Discourse forum (setting `discourseUrl`): its origin, http(s) only; null when unset or not a URL. */
  discourseOrigin: string | null;
  /**
   * The DiscourseConnect shared secret (setting `discourseSecret`), at least 16 characters; null otherwise.
   * Server-only: never in an API answer or a log line.
   */
  discourseSecret: string | null;
  /** E-mail domains of the club's own people (setting `internalDomains`, comma-separated), lower-cased. */
  internalDomains: string[];
  /** `themePrimary` → `primary`, … (the organization's colours). */
  theme: Record<string, string>;
}

/** A DiscourseConnect secret shorter than this is treated as unset. */
export const DISCOURSE_SECRET_MIN = 16;

function httpOrigin(value: string | undefined): string | null {
  try {
    const url = new URL(value?.trim() ?? '');
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? url.origin : null;
  } catch {
    return null;
  }
}

function discourseSecret(value: string | undefined): string | null {
  return value !== undefined && value.length >= DISCOURSE_SECRET_MIN && !CONTROL.test(value) ? value : null;
}

const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

function internalDomains(value: string | undefined): string[] {
  const domains = (value ?? '').split(',').map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter((d) => DOMAIN.test(d));
  return [...new Set(domains)];
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

/** One post of the club's Instagram, as /media/instagram shows it: its picture is the club's own copy. */
export interface InstagramPost {
  id: string;
  /** A path on this site: the square picture at its largest. */
  image: string;
  /** The same picture in other widths, for `srcset` (paths on this site); may be empty. */
  sources: Array<{ src: string; width: number }>;
  /** What the picture shows, for a screen reader; null when the caption says enough. */
  alt: string | null;
  /** Plain text as the club wrote it (never HTML). */
  caption: string;
  /** The post on Instagram: https://www.instagram.com/… or https://instagram.com/… */
  url: string;
  /** UTC ISO 8601. */
  postedAt: string;
}

export interface InstagramProfile {
  url: string;
  handle: string;
}

/** The most posts the page shows (a multiple of its 2 and 3 columns). */
export const INSTAGRAM_POST_LIMIT = 24;
const CAPTION_MAX = 2200; // Instagram's own limit.
const ALT_MAX = 300;
const POST_ID = /^[A-Za-z0-9_-]{1,64}$/;
const HANDLE = /^[A-Za-z0-9._]{1,30}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
// Control characters other than tab and line breaks (NUL included: PostgreSQL text cannot hold it).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** An address on Instagram over https (either host name), with a path; anything else is undefined. */
function instagramUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  const host = url.hostname === 'www.instagram.com' || url.hostname === 'instagram.com';
  const plain = url.protocol === 'https:' && !url.port && !url.username && !url.password;
  return host && plain && url.pathname.length > 1 ? url : undefined;
}

function plainText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text && text.length <= max && !CONTROL.test(text) ? text : undefined;
}

function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return undefined;
  // The engine rolls 30 February over into March: the day itself must exist.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function imageSources(value: unknown): InstagramPost['sources'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const { src, width } = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const path = typeof src === 'string' ? sitePath(src) : undefined;
    return path && Number.isSafeInteger(width) && (width as number) > 0 && (width as number) <= 4096 ? [{ src: path, width: width as number }] : [];
  });
}

function instagramPost(item: unknown): InstagramPost | undefined {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const raw = item as Record<string, unknown>;
  const id = typeof raw['id'] === 'string' && POST_ID.test(raw['id']) ? raw['id'] : undefined;
  const image = typeof raw['image'] === 'string' ? sitePath(raw['image']) : undefined;
  const caption = plainText(raw['caption'], CAPTION_MAX);
  const url = instagramUrl(raw['url']);
  const postedAt = isoDate(raw['postedAt']);
  if (!id || !image || !caption || !url || !postedAt) return undefined;
  return { id, image, sources: imageSources(raw['sources']), alt: plainText(raw['alt'], ALT_MAX) ?? null, caption, url: url.href, postedAt };
}

/**
 * `instagramPosts`: a JSON list of `{ id, image, caption, url, postedAt }` (and optionally `alt` and
 * `sources`). An entry that is not valid is left out, and text that is not a JSON list means no posts:
 * a club's typo hides a post, never the page.
 */
function instagramPosts(value: string | undefined): InstagramPost[] {
  let list: unknown;
  try {
    list = value ? JSON.parse(value) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const posts = list.map(instagramPost).filter((post): post is InstagramPost => {
    if (!post || seen.has(post.id)) return false;
    seen.add(post.id);
    return true;
  });
  // Newest first; the sort is stable, so posts of one moment keep the club's order.
  return posts.sort((a, b) => b.postedAt.localeCompare(a.postedAt)).slice(0, INSTAGRAM_POST_LIMIT);
}

/** `instagramProfileUrl`: the club's profile, https://www.instagram.com/{handle}/; the handle is read from it. */
function instagramProfile(value: string | undefined): InstagramProfile | null {
  const url = instagramUrl(value);
  const segments = url?.pathname.split('/').filter(Boolean) ?? [];
  const handle = segments.length === 1 && HANDLE.test(segments[0]!) ? segments[0]! : undefined;
  return url && handle && !url.search && !url.hash ? { url: url.href, handle } : null;
}

/** An https address without credentials, query or fragment, without its trailing slash; else null. */
function httpsBase(value: string | undefined): string | null {
  try {
    const url = new URL(value?.trim() ?? '');
    if (url.protocol !== 'https:' || url.username || url.password || url.search || url.hash) return null;
    return url.href.replace(/\/+$/, '');
  } catch {
    return null;
  }
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
    instagramPosts: instagramPosts(raw['instagramPosts']),
    instagramProfile: instagramProfile(raw['instagramProfileUrl']),
    drawBeaconUrl: httpsBase(raw['drawBeaconUrl']),
    discourseOrigin: httpOrigin(raw['discourseUrl']),
    discourseSecret: discourseSecret(raw['discourseSecret']),
    internalDomains: internalDomains(raw['internalDomains']),
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
