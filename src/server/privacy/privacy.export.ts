import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { listAllEntries } from '../ledger/ledger.repository.ts';
import { listReplies } from '../requests/support-request.repository.ts';
import { findProfile, rowsOf, sessionsOf } from './privacy.repository.ts';

/**
 * Everything Terrace holds about one supporter, by table: each table with a supporter's column is listed
 * here or in NOT_EXPORTED with the reason (privacy.test.ts fails on a table that is in neither, so a new
 * table cannot be forgotten). The ledger comes from the ledger's own repository, the only code that names
 * its table. Secrets (token and code hashes) are never part of it.
 */
export const EXPORTED = {
  consents: { table: 'user_consents', by: 'user_id' },
  consentHistory: { table: 'user_consent_events', by: 'user_id' },
  adjustments: { table: 'member_adjustments', by: 'user_id' },
  sweepstakeEntries: { table: 'sweepstake_entries', by: 'user_id' },
  sweepstakeWins: { table: 'sweepstake_winners', by: 'user_id' },
  badges: { table: 'badges_earned', by: 'user_id' },
  milestoneBadges: { table: 'milestones_earned', by: 'user_id' },
  challengeAnswers: { table: 'challenge_responses', by: 'user_id' },
  quizAnswers: { table: 'trivia_answers', by: 'user_id' },
  arcadePlays: { table: 'arcade_plays', by: 'user_id' },
  keywordGuesses: { table: 'keyword_guesses', by: 'user_id' },
  referral: { table: 'user_rewards', by: 'user_id' },
  membershipRequests: { table: 'membership_upgrade_requests', by: 'user_id' },
  experienceRequests: { table: 'experience_requests', by: 'user_id' },
  dismissedCards: { table: 'carousel_dismissals', by: 'user_id' },
  playlistViews: { table: 'playlist_views', by: 'user_id' },
  storyViews: { table: 'story_chapter_views', by: 'user_id' },
  uploads: { table: 'media_uploads', by: 'user_id' },
  signInAccounts: { table: 'provider_accounts', by: 'user_id' },
  supportRequests: { table: 'support_requests', by: 'user_id' },
  leaderboards: { table: 'leaderboard_totals', by: 'user_id' },
  leaderboardName: { table: 'leaderboard_names', by: 'user_id' },
} as const satisfies Record<string, { table: keyof Database; by: string }>;

/** Tables with a supporter's column that the export leaves out, and why. */
export const NOT_EXPORTED: Partial<Record<keyof Database, string>> = {
  sessions: 'exported as `sessions` without the token hash (a secret)',
  users: 'exported as `profile`',
};

/** One JSON-ready object: the profile, then each table's rows, the ledger, then the sessions (without their secret). */
export async function exportSupporter(db: Db, userId: string): Promise<Record<string, unknown> | undefined> {
  const profile = await findProfile(db, userId);
  if (!profile) return undefined;
  const sections: Record<string, unknown[]> = {};
  for (const [name, { table, by }] of Object.entries(EXPORTED)) sections[name] = await rowsOf(db, table, by, userId);
  return {
    exportedAt: new Date().toISOString(), profile: { ...profile, properties: parseJson(profile.properties) },
    ...sections, supportReplies: await listReplies(db, sections['supportRequests']!.map((r) => String((r as { id: string }).id))),
    ledger: await listAllEntries(db, userId), sessions: await sessionsOf(db, userId),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
