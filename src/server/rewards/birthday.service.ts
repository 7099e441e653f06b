import type { Db } from '../db/connection.ts';
import { retryOnceIfRaceLost } from '../db/errors.ts';
import { award } from '../ledger/ledger.ts';
import { findEntryByKey } from '../ledger/ledger.repository.ts';
import { findOrganizationById } from '../organization/organization.repository.ts';
import { dateInTimeZone } from '../users/age.ts';
import { findUserById } from '../users/user.repository.ts';
import { writeWithVersions } from '../versions/versions.middleware.ts';
import { BIRTHDAY_KIND } from './reward-kinds.ts';
import { findRewardState, setBirthdaySeenYear } from './rewards.repository.ts';
import { loadRewardTerms } from './rewards.settings.ts';

export { BIRTHDAY_KIND };
const birthdayKey = (year: number | string) => `birthday:${year}`;
/** How long a birthday must have been on the profile before its bonus is paid. */
const BIRTHDAY_NOTICE_DAYS = 30;

function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Whether a YYYY-MM-DD day is the birthday; a 29 February birthday falls on 28 February in other years. */
export function isBirthday(birthday: string, day: string): boolean {
  const monthDay = birthday.slice(5, 10);
  const todayMonthDay = day.slice(5, 10);
  if (monthDay === todayMonthDay) return true;
  return monthDay === '02-29' && todayMonthDay === '02-28' && !isLeapYear(Number(day.slice(0, 4)));
}

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/**
 * On the user's birthday (in the organization's time zone), for a birthday set at least 30 days before,
 * awards the birthday bonus once per year through the ledger, and answers `{ birthdayBonusPoints }` until the user has closed the modal
 * this year; otherwise `{}`. Merged into the user's properties by GET /api/user/me.
 * `known`: what the caller has just read (the user's row, the organization's time zone), so a page reads neither again.
 */
export async function birthdayBonusFor(
  db: Db, userId: string, now = new Date(), known: { user?: UserRow; timeZone?: string } = {},
): Promise<{ birthdayBonusPoints?: number }> {
  return (await payBirthdayBonus(db, userId, now, known)).properties;
}

/** birthdayBonusFor, also saying whether the ledger was asked to pay this time (the balances may have changed). */
export async function payBirthdayBonus(
  db: Db, userId: string, now: Date, known: { user?: UserRow; timeZone?: string },
): Promise<{ properties: { birthdayBonusPoints?: number }; paid: boolean }> {
  const none = { properties: {}, paid: false };
  const user = known.user ?? await findUserById(db, userId);
  // A supporter the club has blocked earns nothing, this bonus included.
  if (!user?.birthday || user.blocked_at) return none;
  // Every page render asks for the user: the settings are read only on the birthday itself.
  const timeZone = known.timeZone ?? (await findOrganizationById(db, user.organization_id))?.time_zone ?? 'UTC';
  const today = dateInTimeZone(now, timeZone);
  if (!isBirthday(user.birthday, today)) return none;
  // Paid only for a birthday that was on the profile 30 days before: setting it to today earns nothing.
  if (!user.birthday_set_at || dateInTimeZone(new Date(user.birthday_set_at), timeZone) > daysBefore(today, BIRTHDAY_NOTICE_DAYS)) return none;
  const terms = await loadRewardTerms(db, user.organization_id);
  if (terms.birthdayBonusPoints <= 0) return none;
  const year = Number(today.slice(0, 4));
  const key = birthdayKey(year);
  // Paid already this year: every later read of the day finds it, and writes nothing.
  const earlier = await findEntryByKey(db, userId, key);
  // Paid once a year (the ledger's key), with the page versions it raises: one commit. Two first reads at once: the
  // one that lost the race on the key runs again and finds the winner's payment.
  const entry = earlier ?? (await retryOnceIfRaceLost(() => writeWithVersions(db, (trx) => award(trx, {
    userId, amount: terms.birthdayBonusPoints, kind: BIRTHDAY_KIND, reference: String(year), idempotencyKey: key,
  })))).entry;
  const state = await findRewardState(db, userId);
  return { properties: Number(state?.birthday_seen_year) === year ? {} : { birthdayBonusPoints: Number(entry.amount) }, paid: !earlier };
}

/**
 * The user closed the birthday modal: it stays closed for the rest of this year. Only a bonus
 * already awarded this year can be seen, so an early call cannot hide a later birthday.
 */
export async function markBirthdayBonusSeen(db: Db, userId: string, now = new Date()): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) return;
  const { timeZone } = await loadRewardTerms(db, user.organization_id);
  const year = Number(dateInTimeZone(now, timeZone).slice(0, 4));
  if (!(await findEntryByKey(db, userId, birthdayKey(year)))) return;
  await setBirthdaySeenYear(db, userId, user.organization_id, year);
}
