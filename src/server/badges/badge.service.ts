import type { Locale } from '../../shared/i18n/locales.ts';
import { localized, readTranslations, writeTranslations } from '../admin/translations.ts';
import type { Db } from '../db/connection.ts';
import { log } from '../log.ts';
import type { Moment } from '../moments/moment.schema.ts';
import { CHALLENGES_FOR_BADGE, DEFAULT_BADGES, defaultBadgeImage, MILESTONES, STREAK_FOR_BADGE, type Milestone } from './badge.defaults.ts';
import { readChallengesAnswered, insertMilestone, insertMilestoneUnread, type ChallengesAnswered, listBadgeRows, listMilestonesEarned, saveBadgeRow } from './badge.repository.ts';
import { BadgeTextsSchema, type AdminBadge, type BadgeTexts, type MilestoneBadge } from './badge.schema.ts';

// Milestone badges: earned in the award's own transaction (once: the row's key), named and drawn by the club.

interface Caller {
  organizationId: string;
  userId: string;
  locale?: Locale | undefined;
}

/** Every milestone's badge as the club set it, else the built-in one; a stored row that fails its schema is the built-in one. */
export async function clubBadges(db: Db, organizationId: string): Promise<Map<Milestone, BadgeTexts & { custom: boolean }>> {
  const rows = new Map((await listBadgeRows(db, organizationId)).map((row) => [row.milestone, row]));
  return new Map(MILESTONES.map((milestone): [Milestone, BadgeTexts & { custom: boolean }] => {
    const row = rows.get(milestone);
    const stored = row && BadgeTextsSchema.safeParse({ name: row.name, image: row.image, translations: readTranslations(row.translations) });
    if (stored && !stored.success) log.warn({ organizationId, milestone }, 'badge that fails its schema shown as the built-in one');
    if (stored?.success) return [milestone, { ...stored.data, custom: true }];
    const builtIn = DEFAULT_BADGES[milestone];
    return [milestone, { name: builtIn.name, image: defaultBadgeImage(milestone), translations: { es: { name: builtIn.es } }, custom: false }];
  }));
}

const nameIn = (badge: BadgeTexts, locale: Locale) => localized({ name: badge.name }, JSON.stringify(badge.translations), locale).name;

/**
 * Records the milestones reached (those not had before) and answers their moments, in the caller's language.
 * `unheld`: milestones no one can hold yet, whose insert's answer is not waited for (on PostgreSQL it goes out with
 * the write's next statement).
 */
async function earn(trx: Db, caller: Caller, milestones: Milestone[], now: Date, unheld = false): Promise<Moment[]> {
  const fresh: Milestone[] = [];
  for (const milestone of milestones) {
    const row = { user_id: caller.userId, milestone, earned_at: now.toISOString() };
    if (unheld) await insertMilestoneUnread(trx, row);
    else if (!(await insertMilestone(trx, row))) continue;
    fresh.push(milestone);
  }
  if (fresh.length === 0) return [];
  const badges = await clubBadges(trx, caller.organizationId);
  return fresh.map((milestone) => {
    const badge = badges.get(milestone)!;
    return { kind: 'badge', picture: badge.image, badge: { id: milestone, name: nameIn(badge, caller.locale ?? 'en') } };
  });
}

/**
 * After a check-in that made a streak of `days`: the first check-in's badge, and the week's from seven days on.
 * `first`: whether the supporter had checked in before, as the streak's read saw it (undefined: it could not tell, a
 * ticket's check-in of an earlier day not seeing the later ones). A first check-in asks for the badge no one can hold
 * yet; any later one follows a check-in that earned it (migration 042 gave it to those who checked in before badges
 * existed), so it is not asked for again, and a check-in in the middle of a week asks for none. Past the seventh day
 * the week's badge is held since that day: it is still recorded, for whoever was past it when badges came, without
 * waiting for the answer or saying it as a moment.
 */
export async function earnCheckinBadges(trx: Db, caller: Caller, days: number, now = new Date(), first?: boolean): Promise<Moment[]> {
  if (days === 1 && first !== undefined) return first ? earn(trx, caller, ['first-checkin'], now, true) : [];
  if (days > STREAK_FOR_BADGE) {
    await insertMilestoneUnread(trx, { user_id: caller.userId, milestone: 'streak-7', earned_at: now.toISOString() });
    return [];
  }
  const reached: Milestone[] = days === 1 ? ['first-checkin'] : days === STREAK_FOR_BADGE ? ['streak-7'] : [];
  return reached.length ? earn(trx, caller, reached, now) : [];
}

/** After a challenge answered: the badge of ten challenges, once they are ten. `read`: as the answer's statement read it. */
export async function earnChallengeBadges(trx: Db, caller: Caller, now = new Date(), read?: ChallengesAnswered): Promise<Moment[]> {
  const { held, answered } = read ?? await readChallengesAnswered(trx, caller.userId);
  return !held && answered >= CHALLENGES_FOR_BADGE ? earn(trx, caller, ['challenges-10'], now) : [];
}

/** After a supporter's first sweepstake entry. */
export function earnFirstEntryBadge(trx: Db, caller: Caller, now = new Date()): Promise<Moment[]> {
  return earn(trx, caller, ['first-entry'], now);
}

/** The supporter's milestone badges, earned (with when) and still to earn, in their language. */
export async function milestoneBadges(db: Db, caller: Caller): Promise<MilestoneBadge[]> {
  const [badges, earned] = await Promise.all([clubBadges(db, caller.organizationId), listMilestonesEarned(db, caller.userId)]);
  const when = new Map(earned.map((row) => [row.milestone, row.earned_at]));
  return MILESTONES.map((milestone) => {
    const badge = badges.get(milestone)!;
    return { milestone, name: nameIn(badge, caller.locale ?? 'en'), image: badge.image, earnedAt: when.get(milestone) ?? null };
  });
}

/** The console's view: every milestone's badge as written (built-in ones marked). */
export async function readAdminBadges(db: Db, organizationId: string): Promise<AdminBadge[]> {
  const badges = await clubBadges(db, organizationId);
  return MILESTONES.map((milestone) => ({ milestone, ...badges.get(milestone)! }));
}

/** Writes one milestone's badge (checked by BadgeTextsSchema already). */
export async function writeBadge(trx: Db, organizationId: string, milestone: Milestone, input: BadgeTexts, now = new Date()): Promise<void> {
  await saveBadgeRow(trx, {
    organization_id: organizationId, milestone, name: input.name, image: input.image, translations: writeTranslations(input.translations), updated_at: now.toISOString(),
  });
}
