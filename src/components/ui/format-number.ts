import { intlLocale } from '~/shared/i18n/format.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/** A whole number with the locale's thousands separators ("1,234" in English). */
export function formatNumber(value: number, locale = 'en'): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    // Intl.NumberFormat is slow to build; a count-up formats up to 60 times a second.
    formatter = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 });
    formatters.set(locale, formatter);
  }
  return formatter.format(value);
}
