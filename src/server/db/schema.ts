import type { CarouselTables } from '../carousel/carousel.table.ts';
import type { ChallengeTables } from '../challenges/challenge.table.ts';
import type { ArticleTables } from '../content/article.table.ts';
import type { ConsentTables } from '../consents/consent.table.ts';
import type { IdempotencyTables } from '../idempotency/idempotency.table.ts';
import type { LedgerTables } from '../ledger/ledger.table.ts';
import type { MediaTables } from '../media/media.table.ts';
import type { MembershipTables } from '../membership/membership.table.ts';
import type { RewardTables } from '../rewards/rewards.table.ts';
import type { OrganizationSettingTable, OrganizationTable, RankTable } from '../organization/organization.table.ts';
import type { LoginCodeTable, RateLimitHitTable, SessionTable } from '../session/session.table.ts';
import type { SweepstakeTables } from '../sweepstakes/sweepstake.table.ts';
import type { UserTable } from '../users/user.table.ts';

export interface Database extends ArticleTables, CarouselTables, ChallengeTables, ConsentTables, IdempotencyTables, LedgerTables, MediaTables, MembershipTables, RewardTables, SweepstakeTables {
  organizations: OrganizationTable;
  organization_settings: OrganizationSettingTable;
  ranks: RankTable;
  users: UserTable;
  sessions: SessionTable;
  login_codes: LoginCodeTable;
  rate_limit_hits: RateLimitHitTable;
}
