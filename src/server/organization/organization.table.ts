import type { Generated } from 'kysely';

export interface OrganizationTable {
  id: string;
  name: string;
  public_key: string;
  token: string;
  time_zone: string;
  created_at: string;
  /** Raised after every operator write (migration 016). */
  content_version: Generated<number>;
}

export interface OrganizationSettingTable {
  organization_id: string;
  key: string;
  value: string;
}

export interface RankTable {
  organization_id: string;
  /** The code, P10 up to P1. */
  name: string;
  points_required: number;
  /** The club's name for the rank and what reaching it brings, in English ('' when unset; migration 032). */
  title: Generated<string>;
  perk: Generated<string>;
  /** `{ "es": { "title", "perk" } }` (../admin/translations.ts). */
  translations: Generated<string>;
}
