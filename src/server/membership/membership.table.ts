import type { Generated } from 'kysely';

/** The tables this resource owns; src/server/db/schema.ts joins them into Database. */
export interface MembershipTables {
  membership_tiers: MembershipTierTable;
  membership_upgrade_requests: MembershipUpgradeRequestTable;
}

export interface MembershipTierTable {
  id: string;
  organization_id: string;
  /** Unique within the organization; what `properties.membership` holds, e.g. `entry`. */
  slug: string;
  name: string;
  description: string;
  /** JSON list of strings. */
  perks: string;
  /** Shown as given, e.g. "Free" or "£4.99 a month". */
  price_label: string;
  /** 0 or 1. */
  is_paid: number;
  /** Display order, lowest first. */
  position: number;
  created_at: string;
  /** The texts in other languages (migration 038): `{ "es": { "name": "…", "perks": ["…"] } }`. */
  translations: Generated<string>;
}

type UpgradeRequestStatus = 'pending';

/** A paid tier chosen before payment exists: who asked for which tier, and when. */
interface MembershipUpgradeRequestTable {
  id: string;
  organization_id: string;
  user_id: string;
  tier_id: string;
  status: UpgradeRequestStatus;
  created_at: string;
  updated_at: string;
}
