import type { Generated } from 'kysely';

/** An activation: a scannable link (`/a/{slug}`) that gives a badge and points between `starts_at` and `stops_at`. */
export interface ActivationTable {
  id: string;
  organization_id: string;
  /** Unique within the organization; the address `/a/{slug}` and the QR code carry it. */
  slug: string;
  title: string;
  description: string;
  badge_name: string;
  /** The badge's picture: a site path such as `/images/badges/matchday-millbank.svg`. */
  badge_image: string;
  /** Paid once per supporter through the ledger (key `activation:<id>`); 0 gives the badge alone. */
  points: number;
  starts_at: string;
  stops_at: string;
  created_at: string;
  /** 1: saved, not shown to supporters yet (migration 026). */
  draft: Generated<number>;
  /** Taken down by an operator: kept, never shown. */
  archived_at: string | null;
  /** The texts in other languages: `{ "es": { "title": "…" } }` (../admin/translations.ts). */
  translations: Generated<string>;
  updated_at: string | null;
}

/** One row per supporter and activation: the badge, and when it was earned. */
export interface BadgeEarnedTable {
  user_id: string;
  activation_id: string;
  earned_at: string;
}

/** The tables this resource owns; src/server/db/schema.ts joins them into Database. */
export interface ActivationTables {
  activations: ActivationTable;
  badges_earned: BadgeEarnedTable;
}
