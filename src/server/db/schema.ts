import type { OrganizationSettingTable, OrganizationTable, RankTable } from '../organization/organization.table.ts';

export interface Database {
  organizations: OrganizationTable;
  organization_settings: OrganizationSettingTable;
  ranks: RankTable;
}
