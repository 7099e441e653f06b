import type { MessageKey } from '~/shared/i18n/translate.ts';
import type { ClubCollection } from './admin-club.api.ts';

// The club lane's words that depend on a value (a collection, a status, a field), as literal keys: a
// missing word is a type error, and every key stays findable in the code.

/** Each collection's own words. */
export const COLLECTION_WORDS = {
  carousel: { one: 'adminClub.carousel.one', title: 'adminClub.carousel.title', new: 'adminClub.carousel.new', intro: 'adminClub.carousel.intro', create: 'adminClub.carousel.create' },
  activations: { one: 'adminClub.activations.one', title: 'adminClub.activations.title', new: 'adminClub.activations.new', intro: 'adminClub.activations.intro', create: 'adminClub.activations.create' },
  experiences: { one: 'adminClub.experiences.one', title: 'adminClub.experiences.title', new: 'adminClub.experiences.new', intro: 'adminClub.experiences.intro', create: 'adminClub.experiences.create' },
  sweepstakes: { one: 'adminClub.sweepstakes.one', title: 'adminClub.sweepstakes.title', new: 'adminClub.sweepstakes.new', intro: 'adminClub.sweepstakes.intro', create: 'adminClub.sweepstakes.create' },
} as const satisfies Record<ClubCollection, Record<'one' | 'title' | 'new' | 'intro' | 'create', MessageKey>>;

export const STATUS_WORDS = {
  draft: 'adminClub.status.draft',
  scheduled: 'adminClub.status.scheduled',
  live: 'adminClub.status.live',
  ended: 'adminClub.status.ended',
  archived: 'adminClub.status.archived',
} as const satisfies Record<string, MessageKey>;

/** A status as the admin API answers it (a string), in words; one this console does not know reads as a draft. */
export function statusWord(status: string): (typeof STATUS_WORDS)[keyof typeof STATUS_WORDS] {
  return Object.hasOwn(STATUS_WORDS, status) ? STATUS_WORDS[status as keyof typeof STATUS_WORDS] : STATUS_WORDS.draft;
}

/** The toast after duplicating, archiving or publishing. */
export const DONE_WORDS = { duplicate: 'adminClub.duplicated', archive: 'adminClub.archived', publish: 'adminClub.published' } as const satisfies Record<string, MessageKey>;

export const PREVIEW_WORDS = {
  en: { adult: 'adminClub.preview.en.adult', minor: 'adminClub.preview.en.minor' },
  es: { adult: 'adminClub.preview.es.adult', minor: 'adminClub.preview.es.minor' },
} as const satisfies Record<'en' | 'es', Record<'adult' | 'minor', MessageKey>>;

export const SETTINGS_SECTION_WORDS = {
  identity: 'adminClub.settings.identity',
  points: 'adminClub.settings.points',
  access: 'adminClub.settings.access',
  instagram: 'adminClub.settings.instagram',
  leaderboards: 'adminClub.settings.leaderboards',
  adjustments: 'adminAdjustments.settings.heading',
} as const satisfies Record<string, MessageKey>;

export const COLOUR_WORDS = {
  primary: 'adminClub.colour.primary',
  onPrimary: 'adminClub.colour.onPrimary',
  secondary: 'adminClub.colour.secondary',
  onSecondary: 'adminClub.colour.onSecondary',
  accent: 'adminClub.colour.accent',
  onAccent: 'adminClub.colour.onAccent',
  background: 'adminClub.colour.background',
  surface: 'adminClub.colour.surface',
  text: 'adminClub.colour.text',
} as const satisfies Record<string, MessageKey>;

export const FIELD_WORDS = {
  title: 'adminClub.field.title',
  description: 'adminClub.field.description',
  cta: 'adminClub.field.cta',
  points: 'adminClub.field.points',
  image: 'adminClub.field.image',
  url: 'adminClub.field.url',
  icon: 'adminClub.field.icon',
  underageGate: 'adminClub.field.underageGate',
  isAd: 'adminClub.field.isAd',
  position: 'adminClub.field.position',
  startsAt: 'adminClub.field.startsAt',
  endsAt: 'adminClub.field.endsAt',
  slug: 'adminClub.field.slug',
  badgeName: 'adminClub.field.badgeName',
  badgeImage: 'adminClub.field.badgeImage',
  stopsAt: 'adminClub.field.stopsAt',
  tiers: 'adminClub.field.tiers',
  adultsOnly: 'adminClub.field.adultsOnly',
  places: 'adminClub.field.places',
  prize: 'adminClub.field.prize',
  prizeValue: 'adminClub.field.prizeValue',
  currency: 'adminClub.field.currency',
  sponsor: 'adminClub.field.sponsor',
  mediaId: 'adminClub.field.mediaId',
  costPerEntry: 'adminClub.field.costPerEntry',
  maxEntriesPerSupporter: 'adminClub.field.maxEntriesPerSupporter',
  winnerCount: 'adminClub.field.winnerCount',
  rules: 'adminClub.field.rules',
  timeZone: 'adminClub.field.timeZone',
  name: 'adminClub.field.name',
  crestUrl: 'adminClub.field.crestUrl',
  heroUrl: 'adminClub.field.heroUrl',
  aboutMarkdown: 'adminClub.field.aboutMarkdown',
  pointTerm: 'adminClub.field.pointTerm',
  pointsTerm: 'adminClub.field.pointsTerm',
  animatedPointsAsXp: 'adminClub.field.animatedPointsAsXp',
  checkinPoints: 'adminClub.field.checkinPoints',
  checkinStreakBonus: 'adminClub.field.checkinStreakBonus',
  birthdayBonusPoints: 'adminClub.field.birthdayBonusPoints',
  referralPoints: 'adminClub.field.referralPoints',
  referralMonthlyCap: 'adminClub.field.referralMonthlyCap',
  supportAdjustmentLimit: 'adminAdjustments.field.supportAdjustmentLimit',
  supportDailyAdjustmentLimit: 'adminAdjustments.field.supportDailyAdjustmentLimit',
  loggedOffDashboard: 'adminClub.field.loggedOffDashboard',
  ssoEnabled: 'adminClub.field.ssoEnabled',
  discourseUrl: 'adminClub.field.discourseUrl',
  discourseSecret: 'adminClub.field.discourseSecret',
  internalDomains: 'adminClub.field.internalDomains',
  excludedChallengeIds: 'adminClub.field.excludedChallengeIds',
  drawBeaconUrl: 'adminClub.field.drawBeaconUrl',
  instagramProfileUrl: 'adminClub.field.instagramProfileUrl',
  instagramPosts: 'adminClub.field.instagramPosts',
  leaderboardSeasonStart: 'adminClub.field.leaderboardSeasonStart',
  theme: 'adminClub.field.theme',
  translations: 'adminClub.field.translations',
} as const satisfies Record<string, MessageKey>;
