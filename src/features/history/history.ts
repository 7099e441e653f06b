import { formatNumber } from '~/components/ui/format-number.ts';
import type { MessageKey } from '~/shared/i18n/translate.ts';

/** Entries per page of /history. */
export const HISTORY_PAGE_SIZE = 20;

// The ledger's kinds, each with its words in the message files (written out: the i18n test finds
// every key used in code as a literal). A kind the app does not know yet reads "Other activity".
const KIND_LABELS: Readonly<Record<string, MessageKey>> = {
  checkin: 'history.kind.checkin',
  challenge: 'history.kind.challenge',
  sweepstake_entry: 'history.kind.sweepstakeEntry',
  sweepstake_refund: 'history.kind.sweepstakeRefund',
  birthday_bonus: 'history.kind.birthdayBonus',
  referral: 'history.kind.referral',
  video: 'history.kind.video',
  video_view: 'history.kind.video',
  article: 'history.kind.article',
  article_read: 'history.kind.article',
  story: 'history.kind.story',
  story_view: 'history.kind.story',
  playlist: 'history.kind.playlist',
  activation: 'history.kind.activation',
  adjustment: 'history.kind.adjustment',
  admin_adjustment: 'history.kind.adjustment',
};

/** The message key naming a ledger kind; unknown kinds (and `__proto__`, `constructor`…) get the generic one. */
export function kindKey(kind: string): MessageKey {
  return Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind]! : 'history.kind.other';
}

/** "+10", "−20" (a true minus sign), "+1,500": the amount with its sign, in the reader's digits. */
export function signedAmount(amount: number, locale: string): string {
  return `${amount < 0 ? '\u2212' : '+'}${formatNumber(Math.abs(amount), locale)}`;
}
