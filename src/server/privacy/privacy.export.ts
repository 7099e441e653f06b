import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

/**
 * Everything Terrace holds about one supporter, by table: each table with a supporter's column is listed
 * here or in NOT_EXPORTED with the reason (privacy.test.ts fails on a table that is in neither, so a new
 * table cannot be forgotten). Secrets (token and code hashes) are never part of it.
 */
export const EXPORTED = {
  consents: { table: 'user_consents', by: 'user_id' },
  consentHistory: { table: 'user_consent_events', by: 'user_id' },
  ledger: { table: 'ledger_entries', by: 'user_id' },
  adjustments: { table: 'member_adjustments', by: 'user_id' },
  sweepstakeEntries: { table: 'sweepstake_entries', by: 'user_id' },
  sweepstakeWins: { table: 'sweepstake_winners', by: 'user_id' },
  badges: { table: 'badges_earned', by: 'user_id' },
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
} as const satisfies Record<string, { table: keyof Database; by: string }>;

/** Tables with a supporter's column that the export leaves out, and why. */
export const NOT_EXPORTED: Partial<Record<keyof Database, string>> = {
  sessions: 'exported as `sessions` without the token hash (a secret)',
  users: 'exported as `profile`',
};

type Row = Record<string, unknown>;

/** One JSON-ready object: the profile, then each table's rows, then the sessions (without their secret). */
export async function exportSupporter(db: Db, userId: string): Promise<Record<string, unknown> | undefined> {
  const profile = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!profile) return undefined;
  const sections: Record<string, Row[]> = {};
  for (const [name, { table, by }] of Object.entries(EXPORTED)) {
    // Names from the constant above, not from input.
    sections[name] = await (db as unknown as import('kysely').Kysely<Record<string, Row>>)
      .selectFrom(table).selectAll().where(by, '=', userId).execute();
  }
  const sessions = await db.selectFrom('sessions').select(['id', 'created_at', 'expires_at', 'ended_at']).where('user_id', '=', userId).orderBy('created_at').execute();
  return { exportedAt: new Date().toISOString(), profile: { ...profile, properties: parseJson(profile.properties) }, ...sections, sessions };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
