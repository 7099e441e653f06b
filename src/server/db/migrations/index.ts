import type { Migration } from 'kysely/migration';
import * as m001 from './001_organizations.ts';
import * as m002 from './002_accounts.ts';
import * as m003 from './003_consents.ts';
import * as m004 from './004_memberships.ts';
import * as m005 from './005_ledger.ts';
import * as m006 from './006_idempotency.ts';
import * as m007 from './007_challenges.ts';
import * as m008 from './008_referrals.ts';
import * as m009 from './009_pickem_outcomes.ts';
import * as m010 from './010_arcade.ts';
import * as m011 from './011_farming.ts';
import * as m012 from './012_articles.ts';
import * as m013 from './013_carousel_dismissals.ts';
import * as m014 from './014_videos.ts';
import * as m015 from './015_stories.ts';
import * as m016 from './016_page_versions.ts';
import * as m017 from './017_sweepstakes.ts';
import * as m018 from './018_activations.ts';
import * as m019 from './019_login_code_client.ts';
import * as m020 from './020_prize_scale.ts';
import * as m021 from './021_provider_sign_in.ts';
import * as m022 from './022_properties_keys.ts';
import * as m023 from './023_operators.ts';
import * as m024 from './024_challenge_admin.ts';
import * as m025 from './025_media_admin.ts';
import * as m026 from './026_club_admin.ts';
import * as m027 from './027_members.ts';
import * as m028 from './028_reports.ts';
import * as m029 from './029_support_requests.ts';
import * as m030 from './030_report_rollups.ts';
import * as m031 from './031_leaderboards.ts';
import * as m032 from './032_rank_names.ts';
import * as m033 from './033_badges.ts';
import * as m034 from './034_lookup_indexes.ts';
import * as m035 from './035_entry_list_covering.ts';
import * as m036 from './036_ledger_time_index.ts';
import * as m037 from './037_winner_mail_claim.ts';
import * as m038 from './038_membership_texts.ts';
import * as m039 from './039_club_version_triggers.ts';
import * as m040 from './040_badge_version_triggers.ts';
import * as m041 from './041_leaderboard_level_shards.ts';
import * as m042 from './042_first_checkin_badges.ts';

// Listed by hand so the server bundle carries every migration (no file system look-up at run time).
export const migrations: Record<string, Migration> = {
  '001_organizations': m001,
  '002_accounts': m002,
  '003_consents': m003,
  '004_memberships': m004,
  '005_ledger': m005,
  '006_idempotency': m006,
  '007_challenges': m007,
  '008_referrals': m008,
  '009_pickem_outcomes': m009,
  '010_arcade': m010,
  '011_farming': m011,
  '012_articles': m012,
  '013_carousel_dismissals': m013,
  '014_videos': m014,
  '015_stories': m015,
  '016_page_versions': m016,
  '017_sweepstakes': m017,
  '018_activations': m018,
  '019_login_code_client': m019,
  '020_prize_scale': m020,
  '021_provider_sign_in': m021,
  '022_properties_keys': m022,
  '023_operators': m023,
  '024_challenge_admin': m024,
  '025_media_admin': m025,
  '026_club_admin': m026,
  '027_members': m027,
  '028_reports': m028,
  '029_support_requests': m029,
  '030_report_rollups': m030,
  '031_leaderboards': m031,
  '032_rank_names': m032,
  '033_badges': m033,
  '034_lookup_indexes': m034,
  '035_entry_list_covering': m035,
  '036_ledger_time_index': m036,
  '037_winner_mail_claim': m037,
  '038_membership_texts': m038,
  '039_club_version_triggers': m039,
  '040_badge_version_triggers': m040,
  '041_leaderboard_level_shards': m041,
  '042_first_checkin_badges': m042,
};
