import { z } from 'zod';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { CONTROL, plainText, SitePathSchema } from '../stored/fields.ts';
import { jsonColumn, readStored } from '../stored/stored.ts';
import { findOrganizationById, listSettings } from './organization.repository.ts';

/** A DiscourseConnect secret shorter than this is treated as unset. */
const DISCOURSE_SECRET_MIN = 16;
/** The most posts the page shows (a multiple of its 2 and 3 columns). */
export const INSTAGRAM_POST_LIMIT = 24;
const CAPTION_MAX = 2200; // Instagram's own limit.
const ALT_MAX = 300;
const TERM_MAX = 40;
const ABOUT_MAX = 20_000;
const POST_ID = /^[A-Za-z0-9_-]{1,64}$/;
const HANDLE = /^[A-Za-z0-9._]{1,30}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;
const THEME_PREFIX = 'theme';

const url = (text: string): URL | undefined => {
  try {
    return new URL(text.trim());
  } catch {
    return undefined;
  }
};

// The pieces every setting is made of (and ../stored/fields.ts).
const wholeNumber = (min: number) => z.string().regex(/^\s*\d+\s*$/).transform(Number).pipe(z.number().int().min(min).max(Number.MAX_SAFE_INTEGER));
const flag = z.enum(['true', 'false']);
/** An address on Instagram over https (either host name), with a path. */
const instagramUrl = z.string().transform((text, ctx) => {
  const u = url(text);
  const host = u?.hostname === 'www.instagram.com' || u?.hostname === 'instagram.com';
  if (u && host && u.protocol === 'https:' && !u.port && !u.username && !u.password && u.pathname.length > 1) return u;
  ctx.addIssue({ code: 'custom', message: 'not an https address on Instagram' });
  return z.NEVER;
});
const isoDate = z.string().regex(ISO_DATE).refine((value) => {
  // The engine rolls 30 February over into March: the day itself must exist.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  return calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day && !Number.isNaN(Date.parse(value));
}).transform((value) => new Date(value).toISOString());

const ImageSourceSchema = z.object({ src: SitePathSchema, width: z.number().int().min(1).max(4096) });

/** One post of the club's Instagram, as /media/instagram shows it: its picture is the club's own copy. */
export const InstagramPostSchema = z.object({
  id: z.string().regex(POST_ID),
  /** A path on this site: the square picture at its largest. */
  image: SitePathSchema,
  /** The same picture in other widths, for `srcset` (paths on this site); sizes that are not valid are dropped. */
  sources: z.array(z.unknown()).catch([]).transform((list) => list.flatMap((item) => {
    const source = ImageSourceSchema.safeParse(item);
    return source.success ? [source.data] : [];
  })),
  /** What the picture shows, for a screen reader; null when the caption says enough. */
  alt: plainText(ALT_MAX).nullable().catch(null),
  /** Plain text as the club wrote it (never HTML). */
  caption: plainText(CAPTION_MAX),
  /** The post on Instagram: https://www.instagram.com/… or https://instagram.com/… */
  url: instagramUrl.transform((u) => u.href),
  /** UTC ISO 8601. */
  postedAt: isoDate,
});

/**
 * The organization's settings: one schema, a field per key (key/value text rows), each read from its text
 * and written as that text: the one description of a setting. `default` is what a missing value means.
 */
export const SettingsSchema = z.object({
  pointTerm: plainText(TERM_MAX).default('point'),
  pointsTerm: plainText(TERM_MAX).default('points'),
  animatedPointsAsXp: flag.default('false'),
  ssoEnabled: flag.default('false'),
  loggedOffDashboard: flag.default('false'),
  /** At least 1: a check-in is recorded as its ledger entry, and ledger amounts are positive. */
  checkinPoints: wholeNumber(1).default(10),
  checkinStreakBonus: wholeNumber(0).default(5),
  birthdayBonusPoints: wholeNumber(0).default(50),
  referralPoints: wholeNumber(0).default(100),
  /** Referral awards a referrer may earn per calendar month (organization time zone). */
  referralMonthlyCap: wholeNumber(0).default(10),
  /** The most points support may move in one adjustment without the owner's approval (issue 25). */
  supportAdjustmentLimit: wholeNumber(0).default(100),
  /** The most points (credits and debits alike) one support operator may move in a day without approval. */
  supportDailyAdjustmentLimit: wholeNumber(0).default(500),
  /** The first day (MM-DD) of the club's season: the season's leaderboard starts on it each year (1 July unless set). */
  leaderboardSeasonStart: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/).default('07-01'),
  /** The club's crest (square, ideally SVG): the header, the landing page and the browser tab's icon. */
  crestUrl: SitePathSchema.default('/favicon.svg'),
  /** The landing page's hero image, or null for a hero drawn in the club's colours alone. */
  heroUrl: SitePathSchema.nullable().default(null),
  /** The about page's text, Markdown written by the club (rendered and sanitized where shown); null when none. */
  aboutMarkdown: z.string().max(ABOUT_MAX).transform((t) => t.trim() || null).nullable().default(null),
  /** The about page's text in Spanish (the API's `translations.es.aboutMarkdown`); null: Spanish readers see `aboutMarkdown`. */
  aboutMarkdownEs: z.string().max(ABOUT_MAX).transform((t) => t.trim() || null).nullable().default(null),
  /**
   * A JSON list of `{ id, image, caption, url, postedAt }` (and optionally `alt` and `sources`), newest first.
   * An entry that is not valid is left out: a club's typo hides a post, never the page.
   */
  instagramPosts: jsonColumn(z.array(z.unknown())).transform((list) => {
    const seen = new Set<string>();
    const posts = list.flatMap((item) => {
      const post = InstagramPostSchema.safeParse(item);
      if (!post.success || seen.has(post.data.id)) return [];
      seen.add(post.data.id);
      return [post.data];
    });
    // Newest first; the sort is stable, so posts of one moment keep the club's order.
    return posts.sort((a, b) => b.postedAt.localeCompare(a.postedAt)).slice(0, INSTAGRAM_POST_LIMIT);
  }).default([]),
  /** `instagramProfileUrl`: the club's profile, https://www.instagram.com/{handle}/; the handle is read from it. */
  instagramProfileUrl: instagramUrl.transform((u, ctx) => {
    const segments = u.pathname.split('/').filter(Boolean);
    if (segments.length === 1 && HANDLE.test(segments[0]!) && !u.search && !u.hash) return { url: u.href, handle: segments[0]! };
    ctx.addIssue({ code: 'custom', message: 'not a profile address' });
    return z.NEVER;
  }).nullable().default(null),
  /**
   * A drand chain's public address (https, e.g. https://api.drand.sh/{chain hash}); new sweepstakes then
   * announce the chain's first round after their end and mix it into the draw. Null: off.
   */
  drawBeaconUrl: z.string().transform((text, ctx) => {
    const u = url(text);
    if (u && u.protocol === 'https:' && !u.username && !u.password && !u.search && !u.hash) return u.href.replace(/\/+$/, '');
    ctx.addIssue({ code: 'custom', message: 'not an https address' });
    return z.NEVER;
  }).nullable().default(null),
  /** The club's Discourse forum: its origin, http(s) only. */
  discourseUrl: z.string().transform((text, ctx) => {
    const u = url(text);
    if (u && (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password) return u.origin;
    ctx.addIssue({ code: 'custom', message: 'not an http(s) address' });
    return z.NEVER;
  }).nullable().default(null),
  /** The DiscourseConnect shared secret. Server-only: never in an API answer or a log line. */
  discourseSecret: z.string().min(DISCOURSE_SECRET_MIN).refine((t) => !CONTROL.test(t)).nullable().default(null),
  /** E-mail domains of the club's own people (comma-separated), lower-cased; entries that are not domains are left out. */
  internalDomains: z.string().transform((text) => [...new Set(text.split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, '')).filter((d) => DOMAIN.test(d)))]).default([]),
  /** Challenge ids (comma-separated) hidden from every challenge list and read. */
  excludedChallengeIds: z.string().max(20_000).transform((text) => new Set(text.split(',').map((id) => id.trim()).filter(Boolean)))
    .default(new Set<string>()),
});

const SETTING_SCHEMAS = SettingsSchema.shape;
type SettingKey = keyof typeof SETTING_SCHEMAS;
/** `themePrimary` → `primary`, … (the organization's colours): any key starting with `theme`. */
const ThemeColourSchema = z.string().trim().min(1).max(64).refine((t) => !CONTROL.test(t) && !/[;{}<>]/.test(t));

export type OrganizationSettings = Omit<z.infer<typeof SettingsSchema>, 'instagramProfileUrl' | 'discourseUrl'> & {
  /** Read from `instagramProfileUrl`: the club's Instagram profile ("Follow us on Instagram"), or null. */
  instagramProfile: z.infer<typeof SettingsSchema>['instagramProfileUrl'];
  /** Read from `discourseUrl`. */
  discourseOrigin: string | null;
  theme: Record<string, string>;
};

/** The schema a stored setting is read with (a theme colour's for `theme…` keys): the console's writes are checked by it. */
export function settingSchema(key: string): z.ZodType | undefined {
  return key in SETTING_SCHEMAS ? SETTING_SCHEMAS[key as SettingKey]
    : key.startsWith(THEME_PREFIX) && key.length > THEME_PREFIX.length ? ThemeColourSchema : undefined;
}

/**
 * Checks a setting before it is stored (the seed, operators, the console): answers the schema's issues, or
 * none. Keys outside the schema are refused, except the theme's colours.
 */
function settingIssues(key: string, value: string): string[] {
  const schema = settingSchema(key);
  if (!schema) return [`${key}: not a setting`];
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${key}: ${i.message}`);
}

/** The writers' check: a setting that fails its schema is never stored. */
export function assertSettings(settings: Record<string, string>): void {
  const issues = Object.entries(settings).flatMap(([key, value]) => settingIssues(key, value));
  if (issues.length > 0) throw new Error(`Settings not stored: ${issues.join('; ')}`);
}

/** A stored setting that fails its schema reads as its default, logged once per organization and key (no value). */
function readSetting<K extends SettingKey>(key: K, value: string | undefined, organizationId: string): z.output<(typeof SETTING_SCHEMAS)[K]> {
  const schema = SETTING_SCHEMAS[key];
  const read = readStored(`organization.setting.${key}`, organizationId, schema, value);
  return (read === undefined ? schema.parse(undefined) : read) as z.output<(typeof SETTING_SCHEMAS)[K]>;
}

/**
 * Each organization's settings as read last, with the text they were read from: they change only when the club
 * changes them, and reading them through every schema costs more than a page's own queries. Compared value by
 * value: serialising them all into one key cost a check-in about 70 µs, 3% of its CPU. Shared: never changed by a caller.
 */
const lastRead = new Map<string, { raw: Record<string, string>; settings: OrganizationSettings }>();

function sameText(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => a[key] === b[key]);
}

export function parseSettings(raw: Record<string, string>, organizationId = '-'): OrganizationSettings {
  const last = lastRead.get(organizationId);
  if (last && sameText(last.raw, raw)) return last.settings;
  const settings = readSettings(raw, organizationId);
  if (!last && lastRead.size >= 16) lastRead.clear();
  lastRead.set(organizationId, { raw: { ...raw }, settings });
  return settings;
}

/** What every missing value means: the schema's defaults, as read. */
export const SETTING_DEFAULTS: OrganizationSettings = readSettings({}, '-');

function readSettings(raw: Record<string, string>, organizationId: string): OrganizationSettings {
  const read = Object.fromEntries((Object.keys(SETTING_SCHEMAS) as SettingKey[])
    .map((key) => [key, readSetting(key, raw[key], organizationId)])) as z.infer<typeof SettingsSchema>;
  const { instagramProfileUrl, discourseUrl, ...rest } = read;
  return {
    ...rest,
    instagramProfile: instagramProfileUrl,
    discourseOrigin: discourseUrl,
    theme: Object.fromEntries(Object.entries(raw)
      .filter(([key, value]) => key.startsWith(THEME_PREFIX) && key.length > THEME_PREFIX.length
        && readStored(`organization.setting.${key}`, organizationId, ThemeColourSchema, value) !== undefined)
      .map(([key, value]) => [key[THEME_PREFIX.length]!.toLowerCase() + key.slice(THEME_PREFIX.length + 1), value])),
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
  return { organization, settings: parseSettings(raw, organizationId) };
}
