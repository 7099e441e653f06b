/** Spec: adult age 18. */
const ADULT_AGE = 18;

/** Today's date (YYYY-MM-DD) in a time zone. */
export function dateInTimeZone(now: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Building a DateTimeFormat costs far more than using one (2.6% of a signed-in page); few zones exist. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Whole years from a YYYY-MM-DD birthday to a YYYY-MM-DD day (a 29 February birthday counts from 1 March). */
export function ageOn(birthday: string, day: string): number {
  const [by = 0, bm = 0, bd = 0] = birthday.split('-').map(Number);
  const [y = 0, m = 0, d = 0] = day.split('-').map(Number);
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/**
 * The one place age is decided. The under-18 rules apply (gated reward cards, sweepstake entries, rank
 * stories, adults-only experiences, the points pill) to an age below 18 from the birthday, on today's
 * date in the organization's time zone, and to a supporter who has not given a birthday yet: until then
 * nothing tells them apart from a minor, and the pages say so and ask for it.
 */
export function isUnderage(birthday: string | null | undefined, timeZone: string, now = new Date()): boolean {
  return !birthday || isKnownUnderage(birthday, timeZone, now);
}

/**
 * Under 18 by the birthday given (spec "Underage"). Only what a supporter needs to give a birthday asks
 * this instead: /welcome and /profile/edit stay open to a supporter who has not given one.
 */
export function isKnownUnderage(birthday: string | null | undefined, timeZone: string, now = new Date()): boolean {
  return !!birthday && ageOn(birthday, dateInTimeZone(now, timeZone)) < ADULT_AGE;
}
