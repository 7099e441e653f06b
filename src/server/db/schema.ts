import type { OrganizationSettingTable, OrganizationTable, RankTable } from '../organization/organization.table.ts';
import type { LoginCodeTable, RateLimitHitTable, SessionTable } from '../session/session.table.ts';
import type { UserTable } from '../users/user.table.ts';

export interface Database {
  organizations: OrganizationTable;
  organization_settings: OrganizationSettingTable;
  ranks: RankTable;
  users: UserTable;
  sessions: SessionTable;
  login_codes: LoginCodeTable;
  rate_limit_hits: RateLimitHitTable;
}
