import { z } from '@hono/zod-openapi';
import type { Db } from '../db/connection.ts';
import { plainText } from '../stored/fields.ts';
import { deleteSetting, listSettings, saveSetting, updateOrganization } from './organization.repository.ts';
import { InstagramPostSchema, parseSettings, requireOrganization, settingSchema } from './settings.ts';
import { TimeZoneSchema } from './time-zone.ts';

// The club's settings as the console reads and writes them (owner only). What is stored is the key/value
// text of organization_settings (and the organization's name and time zone); every value written is
// checked by the very schema it is read with (./settings.ts: SettingsSchema), so a save can never break a page.

/** The zones a club picks from: those Intl knows, UTC first. */
export const TIME_ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];

const THEME_KEY = /^[a-z][A-Za-z0-9]{0,30}$/;
const upper = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** How each typed field of the console is stored: the setting's key and its text (null: remove, the default applies). */
type Stored = (value: never) => string | null;
const asText: Stored = (v: string | null) => (v === null ? null : v);
const asFlag: Stored = (v: boolean) => String(v);
const asNumber: Stored = (v: number) => String(v);
const asList: Stored = (v: string[]) => v.join(',');
const asJson: Stored = (v: unknown[]) => JSON.stringify(v);

const STORED = {
  pointTerm: asText, pointsTerm: asText, animatedPointsAsXp: asFlag, ssoEnabled: asFlag, loggedOffDashboard: asFlag,
  checkinPoints: asNumber, checkinStreakBonus: asNumber, birthdayBonusPoints: asNumber, referralPoints: asNumber, referralMonthlyCap: asNumber,
  supportAdjustmentLimit: asNumber, supportDailyAdjustmentLimit: asNumber, leaderboardSeasonStart: asText,
  crestUrl: asText, heroUrl: asText, aboutMarkdown: asText, aboutMarkdownEs: asText, instagramPosts: asJson, instagramProfileUrl: asText,
  drawBeaconUrl: asText, discourseUrl: asText, discourseSecret: asText, internalDomains: asList, excludedChallengeIds: asList,
} as const satisfies Record<string, Stored>;
type SettingField = keyof typeof STORED;

const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/** What the console sends: every field optional (left out: unchanged); null clears a setting back to its default. */
export const SettingsInputSchema = z.object({
  name: plainText(100).optional().openapi({ example: 'Terrace FC' }),
  timeZone: TimeZoneSchema.refine((zone) => TIME_ZONES.includes(zone)).optional().openapi({ example: 'Europe/London', description: 'One of `timeZones`.' }),
  theme: z.record(z.string().regex(THEME_KEY), z.string()).optional()
    .openapi({ description: 'Colours by name (`primary`, `secondary`, …), CSS colours such as `#0b5d3b`.', example: { primary: '#0b5d3b' } }),
  pointTerm: z.string().optional(),
  pointsTerm: z.string().optional(),
  animatedPointsAsXp: z.boolean().optional(),
  ssoEnabled: z.boolean().optional().openapi({ description: 'Forum sign-in (DiscourseConnect) on.' }),
  loggedOffDashboard: z.boolean().optional().openapi({ description: 'Visitors who are not signed in see the dashboard.' }),
  checkinPoints: z.number().int().optional(),
  checkinStreakBonus: z.number().int().optional(),
  birthdayBonusPoints: z.number().int().optional(),
  referralPoints: z.number().int().optional(),
  referralMonthlyCap: z.number().int().optional(),
  supportAdjustmentLimit: z.number().int().optional().openapi({ description: "Support's limit per adjustment (points either way); above it the owner approves." }),
  supportDailyAdjustmentLimit: z.number().int().optional().openapi({ description: "Support's limit per operator and day (the sum of points moved either way, in the club's time zone)." }),
  leaderboardSeasonStart: z.string().optional().openapi({ example: '07-01', description: "The day the season's leaderboard starts each year, `MM-DD` in the club's time zone." }),
  crestUrl: z.string().optional().openapi({ description: 'A path on this site; POST /admin/settings/crest uploads one.' }),
  heroUrl: z.string().nullable().optional(),
  aboutMarkdown: z.string().nullable().optional(),
  translations: z.object({ es: z.object({ aboutMarkdown: z.string().nullable().optional() }).strict().optional() }).strict().optional()
    .openapi({ description: 'The about page in Spanish (`es`); null or blank: Spanish readers see `aboutMarkdown`.' }),
  instagramProfileUrl: z.string().nullable().optional().openapi({ example: 'https://www.instagram.com/terracefc/' }),
  instagramPosts: z.array(z.unknown()).max(100).optional(),
  drawBeaconUrl: z.string().nullable().optional(),
  discourseUrl: z.string().nullable().optional(),
  discourseSecret: z.string().nullable().optional().openapi({ description: 'Written only: never answered (see `discourseSecretSet`).' }),
  internalDomains: z.array(z.string()).max(100).optional(),
  excludedChallengeIds: z.array(z.string().min(1).max(100)).max(1000).optional(),
}).strict().superRefine((input, ctx) => {
  // Each value as it will be stored, through the schema it is read with: a refusal names the field.
  const spanishAbout = input.translations?.es?.aboutMarkdown;
  if (spanishAbout && !settingSchema('aboutMarkdownEs')?.safeParse(spanishAbout).success) {
    ctx.addIssue({ code: 'custom', path: ['translations', 'es', 'aboutMarkdown'], message: 'api.field.invalid' });
  }
  for (const [field, toText] of Object.entries(STORED) as Array<[SettingField, Stored]>) {
    if (field === 'aboutMarkdownEs') continue;
    const value = input[field as Exclude<SettingField, 'aboutMarkdownEs'>];
    if (value === undefined) continue;
    const text = toText(value as never);
    if (text === null) continue;
    if (!settingSchema(field)?.safeParse(text).success) ctx.addIssue({ code: 'custom', path: [field], message: 'api.field.invalid' });
  }
  // The read schemas leave out list entries that do not fit (a typo hides a post, never the page); a write names them.
  input.instagramPosts?.forEach((post, i) => {
    if (!InstagramPostSchema.safeParse(post).success) ctx.addIssue({ code: 'custom', path: ['instagramPosts', i], message: 'api.field.invalid' });
  });
  input.internalDomains?.forEach((domain, i) => {
    if (!DOMAIN.test(domain.trim().toLowerCase().replace(/^@/, ''))) ctx.addIssue({ code: 'custom', path: ['internalDomains', i], message: 'api.field.invalid' });
  });
  for (const [name, colour] of Object.entries(input.theme ?? {})) {
    if (!settingSchema(`theme${upper(name)}`)?.safeParse(colour).success) ctx.addIssue({ code: 'custom', path: ['theme', name], message: 'api.field.invalid' });
  }
}).openapi('ClubSettingsInput');
export type SettingsInput = z.infer<typeof SettingsInputSchema>;

export const ClubSettingsSchema = z.object({
  name: z.string(),
  timeZone: z.string(),
  timeZones: z.array(z.string()).openapi({ description: 'The zones to pick from.' }),
  theme: z.record(z.string(), z.string()),
  pointTerm: z.string(),
  pointsTerm: z.string(),
  animatedPointsAsXp: z.boolean(),
  ssoEnabled: z.boolean(),
  loggedOffDashboard: z.boolean(),
  checkinPoints: z.number().int(),
  checkinStreakBonus: z.number().int(),
  birthdayBonusPoints: z.number().int(),
  referralPoints: z.number().int(),
  referralMonthlyCap: z.number().int(),
  supportAdjustmentLimit: z.number().int(),
  supportDailyAdjustmentLimit: z.number().int(),
  leaderboardSeasonStart: z.string(),
  crestUrl: z.string(),
  heroUrl: z.string().nullable(),
  aboutMarkdown: z.string().nullable(),
  translations: z.object({ es: z.object({ aboutMarkdown: z.string().nullable() }) }),
  instagramProfileUrl: z.string().nullable(),
  instagramPosts: z.array(z.object({
    id: z.string(), image: z.string(), sources: z.array(z.object({ src: z.string(), width: z.number().int() })),
    alt: z.string().nullable(), caption: z.string(), url: z.string(), postedAt: z.string(),
  })),
  drawBeaconUrl: z.string().nullable(),
  discourseUrl: z.string().nullable(),
  discourseSecretSet: z.boolean().openapi({ description: 'A forum secret is stored (its value is never answered).' }),
  internalDomains: z.array(z.string()),
  excludedChallengeIds: z.array(z.string()),
}).openapi('ClubSettings');
export type ClubSettings = z.infer<typeof ClubSettingsSchema>;

/** The settings as the console shows them: read through the same schemas every page reads them with. */
export async function readClubSettings(db: Db, organizationId: string): Promise<ClubSettings> {
  const [organization, raw] = await Promise.all([requireOrganization(db, organizationId), listSettings(db, organizationId)]);
  const s = parseSettings(raw, organizationId);
  return {
    name: organization.name, timeZone: organization.time_zone, timeZones: [...TIME_ZONES], theme: s.theme,
    pointTerm: s.pointTerm, pointsTerm: s.pointsTerm, animatedPointsAsXp: s.animatedPointsAsXp === 'true',
    ssoEnabled: s.ssoEnabled === 'true', loggedOffDashboard: s.loggedOffDashboard === 'true',
    checkinPoints: s.checkinPoints, checkinStreakBonus: s.checkinStreakBonus, birthdayBonusPoints: s.birthdayBonusPoints,
    referralPoints: s.referralPoints, referralMonthlyCap: s.referralMonthlyCap,
    supportAdjustmentLimit: s.supportAdjustmentLimit, supportDailyAdjustmentLimit: s.supportDailyAdjustmentLimit,
    leaderboardSeasonStart: s.leaderboardSeasonStart, crestUrl: s.crestUrl, heroUrl: s.heroUrl, aboutMarkdown: s.aboutMarkdown,
    translations: { es: { aboutMarkdown: s.aboutMarkdownEs } },
    instagramProfileUrl: s.instagramProfile?.url ?? null, instagramPosts: s.instagramPosts,
    drawBeaconUrl: s.drawBeaconUrl, discourseUrl: s.discourseOrigin, discourseSecretSet: s.discourseSecret !== null,
    internalDomains: s.internalDomains, excludedChallengeIds: [...s.excludedChallengeIds],
  };
}

/** Writes what was sent, in the caller's transaction (each value checked by SettingsInputSchema already). */
export async function writeClubSettings(trx: Db, organizationId: string, input: SettingsInput): Promise<void> {
  const organization: { name?: string; time_zone?: string } = {};
  if (input.name !== undefined) organization.name = input.name.trim();
  if (input.timeZone !== undefined) organization.time_zone = input.timeZone;
  if (Object.keys(organization).length) await updateOrganization(trx, organizationId, organization);
  const writes: Array<[string, string | null]> = [];
  for (const [field, toText] of Object.entries(STORED) as Array<[SettingField, Stored]>) {
    const value = field === 'aboutMarkdownEs' ? input.translations?.es?.aboutMarkdown : input[field];
    // A blank Spanish text is none: Spanish readers see the English one.
    if (value !== undefined) writes.push([field, field === 'aboutMarkdownEs' && !value ? null : toText(value as never)]);
  }
  for (const [name, colour] of Object.entries(input.theme ?? {})) writes.push([`theme${upper(name)}`, colour.trim()]);
  for (const [key, value] of writes) {
    if (value === null) await deleteSetting(trx, organizationId, key);
    else await saveSetting(trx, { organization_id: organizationId, key, value });
  }
}
