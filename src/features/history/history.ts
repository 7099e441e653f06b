import { formatNumber } from '~/components/ui/format-number.ts';

/** Entries per page of /history. */
export const HISTORY_PAGE_SIZE = 20;

const KIND_LABELS: Readonly<Record<string, string>> = {
  checkin: 'Daily check-in',
  challenge: 'Challenge',
  sweepstake_entry: 'Sweepstake entry',
  birthday_bonus: 'Birthday bonus',
  referral: 'Referral',
};

/** What a ledger kind reads as: a known label, else the kind in words ("video_watched" → "Video watched"). */
export function kindLabel(kind: string): string {
  if (Object.hasOwn(KIND_LABELS, kind)) return KIND_LABELS[kind]!;
  const words = kind
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_.:/-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
    .join(' ');
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Points';
}

/** "+10", "−20" (a true minus sign), "+1,500": the amount with its sign, in the reader's digits. */
export function signedAmount(amount: number, locale: string): string {
  return `${amount < 0 ? '\u2212' : '+'}${formatNumber(Math.abs(amount), locale)}`;
}

/** The moment in the reader's language, on the organization's clock: "Nov 22, 2026" and "9:30 AM". */
export function formatWhen(iso: string, locale: string, timeZone: string): { date: string; time: string } {
  const moment = new Date(iso);
  const format = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(moment);
    } catch {
      // An unknown time zone name: the server's clock is better than no date.
      return new Intl.DateTimeFormat(locale, options).format(moment);
    }
  };
  return { date: format({ dateStyle: 'medium' }), time: format({ timeStyle: 'short' }) };
}
