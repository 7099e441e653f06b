import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ApiError } from '../errors.ts';
import { award } from '../ledger/ledger.ts';
import { listKeysBefore } from '../ledger/ledger.repository.ts';
import { listSettings } from '../organization/organization.repository.ts';
import { loadOrganizationSettings, parseSettings } from '../organization/settings.ts';
import { dateInTimeZone } from '../users/age.ts';
import { earnCheckinBadges } from '../badges/badge.service.ts';
import { streakMoments } from '../moments/moments.ts';
import { standingAfter } from '../users/standing.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import type { Checkin, CheckinResult } from './checkin.schema.ts';
import { issueTicket, readTicket } from './checkin.ticket.ts';

/** Check-ins are ledger entries of kind `checkin` keyed `checkin:YYYY-MM-DD` (the organization's local day). */
const CHECKIN_KIND = 'checkin';
const CHECKIN_KEY_PREFIX = 'checkin:';

/** The streak bonus comes on every 7th consecutive day of a streak: days 7, 14, 21… */
const STREAK_BONUS_EVERY = 7;
const ALREADY_CHECKED_IN = 'api.checkin.already';

export interface CheckinCaller {
  organizationId: string;
  userId: string;
  /** The organization's time zone when the request's caller carries it: then the state reads the ledger alone. */
  timeZone?: string;
  /** The caller's language: the answer's rank names and moments are in it. */
  locale?: Locale;
}

/** Enough for most streaks in one read; a longer one is read on in pages four times larger each time. */
const FIRST_PAGE = 32;
const PAGE_GROWTH = 4;

/** A YYYY-MM-DD day moved by whole days. */
export function shiftDay(day: string, by: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of a YYYY-MM-DD day: a streak steps through whole numbers, not dates (a long one took milliseconds). */
function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
}

/** Points for the nth consecutive day: the base, plus the bonus on every STREAK_BONUS_EVERY-th day. */
function pointsForDay(days: number, base: number, bonus: number): number {
  return base + (bonus > 0 && days > 0 && days % STREAK_BONUS_EVERY === 0 ? bonus : 0);
}

async function loadPointTerms(db: Db, organizationId: string) {
  const settings = parseSettings(await listSettings(db, organizationId), organizationId);
  return { points: settings.checkinPoints, streakBonus: settings.checkinStreakBonus };
}

async function loadTerms(db: Db, organizationId: string) {
  const { organization, settings } = await loadOrganizationSettings(db, organizationId);
  return { timeZone: organization.time_zone, points: settings.checkinPoints, streakBonus: settings.checkinStreakBonus };
}

/**
 * The user's check-in days strictly before `beforeDay`, newest first: the ledger key holds the day, and
 * ISO days sort the way the calendar does.
 */
async function listCheckinDays(db: Db, userId: string, limit: number, beforeDay: string): Promise<string[]> {
  const keys = await listKeysBefore(db, userId, { kind: CHECKIN_KIND, prefix: CHECKIN_KEY_PREFIX, before: CHECKIN_KEY_PREFIX + beforeDay, limit });
  return keys.map((key) => key.slice(CHECKIN_KEY_PREFIX.length));
}

/** The streak ending today or yesterday, read newest first from the user's check-in days; `first`: none until today's. */
async function readStreak(db: Db, userId: string, today: string) {
  const todayNumber = dayNumber(today);
  let days = 0;
  let checkedInToday = false;
  let expected = todayNumber;
  let cursor = shiftDay(today, 1);
  for (let limit = FIRST_PAGE; ; limit *= PAGE_GROWTH) {
    const page = await listCheckinDays(db, userId, limit, cursor);
    if (days === 0 && !checkedInToday && page.length === 0) return { days, checkedInToday, first: true };
    for (const day of page) {
      const number = dayNumber(day);
      if (days === 0 && number === todayNumber) checkedInToday = true;
      // Without a check-in today, the streak may still end yesterday.
      else if (!(number === expected || (days === 0 && number === todayNumber - 1))) return { days, checkedInToday, first: false };
      days += 1;
      expected = number - 1;
    }
    if (page.length < limit) return { days, checkedInToday, first: false };
    cursor = page.at(-1)!;
  }
}

/** The user's streak, whether they may check in now (today in the organization's time zone), and today's ticket. */
export async function getCheckinState(db: Db, caller: CheckinCaller, secret: string, now = new Date()): Promise<Checkin> {
  // With the caller's time zone (the cached caller carries it), only the settings are read: one statement.
  const terms = caller.timeZone ? { timeZone: caller.timeZone, ...(await loadPointTerms(db, caller.organizationId)) } : await loadTerms(db, caller.organizationId);
  const today = dateInTimeZone(now, terms.timeZone);
  const { days, checkedInToday } = await readStreak(db, caller.userId, today);
  return {
    days, eligibleForCheckin: !checkedInToday,
    pointsToday: checkedInToday ? 0 : pointsForDay(days + 1, terms.points, terms.streakBonus),
    ticket: issueTicket(secret, caller, today),
  };
}

/**
 * Checks in for today, or with a ticket (kept on a phone with no signal) for the ticket's day, and awards the
 * points. Run it in a transaction and pass any failure through `refusedWhenRaceLost`: the ledger's idempotency
 * key lets only one check-in per local day through.
 */
export async function checkIn(trx: Db, caller: CheckinCaller, { secret, now = new Date(), ticket }: { secret: string; now?: Date; ticket?: string | undefined }): Promise<CheckinResult> {
  // The caller's time zone, read with the session, spares a statement here as in getCheckinState.
  const terms = caller.timeZone ? { timeZone: caller.timeZone, ...(await loadPointTerms(trx, caller.organizationId)) } : await loadTerms(trx, caller.organizationId);
  const current = dateInTimeZone(now, terms.timeZone);
  const today = ticket === undefined ? current : readTicket(secret, caller, ticket, current);
  const streak = await readStreak(trx, caller.userId, today);
  if (streak.checkedInToday) throw new ApiError('already_checked_in', ALREADY_CHECKED_IN);
  const days = streak.days + 1;
  const points = pointsForDay(days, terms.points, terms.streakBonus);
  const awarded = await award(trx, {
    userId: caller.userId, amount: points, kind: CHECKIN_KIND, reference: today, idempotencyKey: CHECKIN_KEY_PREFIX + today,
  });
  if (awarded.replayed) throw new ApiError('already_checked_in', ALREADY_CHECKED_IN);
  // A ticket of yesterday's leaves today's check-in to do.
  const eligibleForCheckin = today !== current;
  const pointsToday = eligibleForCheckin ? pointsForDay(1, terms.points, terms.streakBonus) : 0;
  // A ticket's day is earlier than today: its read does not see today's check-in, nor tell a first one.
  const first = today === current ? streak.first : undefined;
  const moments = [...await streakMoments(trx, caller.organizationId, days), ...await earnCheckinBadges(trx, caller, days, now, first)];
  return {
    days, eligibleForCheckin, pointsToday, ticket: issueTicket(secret, caller, current), points, standing: await standingAfter(trx, caller, awarded, moments),
  };
}

/** A concurrent check-in for the same day committed first (unique ledger key): answer as a repeat. */
export function refusedWhenRaceLost(error: unknown): never {
  if (isUniqueViolation(error)) throw new ApiError('already_checked_in', ALREADY_CHECKED_IN, undefined, error);
  throw error;
}
