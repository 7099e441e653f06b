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
  name: string;
  points_required: number;
}
