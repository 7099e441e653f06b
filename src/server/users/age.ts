/** Spec: adult age 18. */
export const ADULT_AGE = 18;

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
 * The one under-18 predicate: age below 18 from the birthday, on today's date in the
 * organization's time zone. No birthday means not known to be under 18.
 */
export function isUnderage(birthday: string | null | undefined, timeZone: string, now = new Date()): boolean {
  if (!birthday) return false;
  return ageOn(birthday, dateInTimeZone(now, timeZone)) < ADULT_AGE;
}
