import type { Locale } from './locales.ts';

// The Intl locale behind each app language: English as written in the club's country (day before
// month, 24-hour clock: "25 Nov 2026, 20:33"), Spanish as in Spain ("25 nov 2026, 20:33").
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', es: 'es-ES' };

export function intlLocale(locale: Locale | string): string {
  return INTL_LOCALE[locale as Locale] ?? locale;
}

const formats = new Map<string, Intl.DateTimeFormat>();

// Building a DateTimeFormat costs far more than using one; pages format many dates.
function dateFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions, name: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${name}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone });
    } catch {
      // An unknown zone in the organization's settings: UTC rather than a broken page.
      format = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' });
    }
    formats.set(key, format);
  }
  return format;
}

function toDate(value: string | Date): Date | undefined {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "25 Nov 2026, 20:33" / "25 nov 2026, 20:33", in the organization's time zone. */
export function formatDateTime(value: string | Date, locale: Locale | string, timeZone: string): string {
  const date = toDate(value);
  return date ? dateFormat(locale, timeZone, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }, 'datetime').format(date) : '';
}

/**
 * A time zone as people say it at `value`: "Greenwich Mean Time" / "hora del meridiano de Greenwich" (its id,
 * such as Europe/London, only where Intl has no name for it).
 */
export function formatTimeZoneName(value: string | Date, locale: Locale | string, timeZone: string): string {
  const date = toDate(value);
  const name = date && new Intl.DateTimeFormat(intlLocale(locale), { timeZone, timeZoneName: 'long' }).formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;
  return name ?? timeZone;
}

/** "25 Nov 2026" / "25 nov 2026", in the organization's time zone. */
export function formatDate(value: string | Date, locale: Locale | string, timeZone: string): string {
  const date = toDate(value);
  return date ? dateFormat(locale, timeZone, { dateStyle: 'medium' }, 'date').format(date) : '';
}

/** A calendar day stored as `YYYY-MM-DD` (a birthday): formatted as that day, whatever the zone. */
export function formatDay(day: string, locale: Locale | string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T12:00:00Z`, locale, 'UTC') : day;
}
