import type { Generated } from 'kysely';

export interface UserTable {
  id: string;
  organization_id: string;
  /** Lower-cased, trimmed. */
  email: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  zip_code: string | null;
  /** YYYY-MM-DD, or null. */
  birthday: string | null;
  /** When the birthday on the profile was set: the bonus is paid only for one at least 30 days old. */
  birthday_set_at: string | null;
  /** How often the supporter changed a birthday once set: one change, then only the club can. */
  birthday_changes: Generated<number>;
  /** JSON object; `membership` and `birthdayBonusPoints` are written by the server only. */
  properties: string;
  avatar_url: string | null;
  /** Written only through server/ledger. */
  points: Generated<number>;
  lifetime_points: Generated<number>;
  /** Raised whenever a page made for this supporter may have changed (migration 016). */
  page_version: Generated<number>;
  /** Set by the club (console): no sign-in, no earning, spending or entering until unblocked. */
  blocked_at: string | null;
  /** The club's reason, shown to the staff only. */
  blocked_reason: string | null;
  /** When their personal data was erased (privacy): the row stays for the ledger's sums and the draws. */
  erased_at: string | null;
  membership_chosen_at: string | null;
  welcomed_at: string | null;
  created_at: string;
  updated_at: string;
}
