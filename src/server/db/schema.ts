import type { ActivationTables } from '../activations/activation.table.ts';
import type { BadgeTables } from '../badges/badge.table.ts';
import type { AuditTables } from '../audit/audit.table.ts';
import type { CarouselTables } from '../carousel/carousel.table.ts';
import type { ChallengeTables } from '../challenges/challenge.table.ts';
import type { ArticleTables } from '../content/article.table.ts';
import type { StoryTables } from '../content/story.table.ts';
import type { ConsentTables } from '../consents/consent.table.ts';
import type { IdempotencyTables } from '../idempotency/idempotency.table.ts';
import type { LeaderboardTables } from '../leaderboards/leaderboard.table.ts';
import type { LedgerTables } from '../ledger/ledger.table.ts';
import type { ExperienceTables } from '../experiences/experience.table.ts';
import type { MediaTables } from '../media/media.table.ts';
import type { MemberTables } from '../members/member.table.ts';
import type { MembershipTables } from '../membership/membership.table.ts';
import type { OperatorTables } from '../operators/operator.table.ts';
import type { ReportTables } from '../reports/report.table.ts';
import type { RewardTables } from '../rewards/rewards.table.ts';
import type { SupportRequestTables } from '../requests/support-request.table.ts';
import type { OrganizationSettingTable, OrganizationTable, RankTable } from '../organization/organization.table.ts';
import type { ProviderTables } from '../session/provider.table.ts';
import type { LoginCodeTable, RateLimitHitTable, SessionTable } from '../session/session.table.ts';
import type { SweepstakeTables } from '../sweepstakes/sweepstake.table.ts';
import type { UserTable } from '../users/user.table.ts';
import type { VideoTables } from '../content/video.table.ts';

export interface Database extends ActivationTables, ArticleTables, BadgeTables, AuditTables, CarouselTables, ChallengeTables, ConsentTables, ExperienceTables, IdempotencyTables, LeaderboardTables, LedgerTables, MediaTables, MemberTables, MembershipTables, OperatorTables, ProviderTables, ReportTables, RewardTables, StoryTables, SupportRequestTables, SweepstakeTables, VideoTables {
  organizations: OrganizationTable;
  organization_settings: OrganizationSettingTable;
  ranks: RankTable;
  users: UserTable;
  sessions: SessionTable;
  login_codes: LoginCodeTable;
  rate_limit_hits: RateLimitHitTable;
}
