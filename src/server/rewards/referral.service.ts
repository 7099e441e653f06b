import { randomInt } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { countEntriesOfKind } from '../ledger/ledger.repository.ts';
import { findUserById } from '../users/user.repository.ts';
import { requireUser } from '../users/require-user.ts';
import { sameMailbox } from './mailbox.ts';
import { REFERRAL_KIND } from './reward-kinds.ts';
import * as repo from './rewards.repository.ts';
import { loadRewardTerms } from './rewards.settings.ts';
import type { Referral } from './referral.schema.ts';

export { REFERRAL_KIND, referralKey } from './reward-kinds.ts';
// No 0/O, 1/I/L: codes are read aloud and typed from screenshots.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const REFERRAL_CODE_LENGTH = 8;
const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

function newReferralCode(): string {
  return Array.from({ length: REFERRAL_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

function normaliseReferralCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The user's code, made on first need (unique within the organization). */
async function getReferralCode(db: Db, userId: string): Promise<string> {
  const user = await requireUser(db, userId);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = (await repo.findRewardState(db, userId))?.referral_code;
    if (existing) return existing;
    await repo.ensureRewardState(db, userId, user.organization_id);
    try {
      await repo.setReferralCodeIfNone(db, userId, newReferralCode());
    } catch (error) {
      // Another user holds this code already: draw again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('Could not make a unique referral code');
}

export async function getReferralSummary(db: Db, userId: string, publicUrl: string): Promise<Referral> {
  const code = await getReferralCode(db, userId);
  const [referredCount, rewardedCount, terms] = await Promise.all([
    repo.countReferredUsers(db, userId),
    countEntriesOfKind(db, userId, REFERRAL_KIND),
    findUserById(db, userId).then((user) => loadRewardTerms(db, user!.organization_id)),
  ]);
  return { code, link: `${publicUrl.replace(/\/+$/, '')}/login?ref=${encodeURIComponent(code)}`, referredCount, rewardedCount, referralPoints: terms.referralPoints };
}

/**
 * Ties a user created this moment to the owner of the code. Unknown codes and self-referral (the
 * same mailbox, `+tag` and Gmail dots aside) are ignored: the sign-in must not fail because of a
 * stale link. Call it only for new users. The referrer is paid later, once the friend is active
 * (./referral.payout.ts, run by the ledger).
 */
export async function tieReferral(db: Db, organizationId: string, newUserId: string, rawCode: string | undefined): Promise<void> {
  if (!rawCode || !REFERRAL_CODE_PATTERN.test(rawCode.trim())) return;
  const referrer = await repo.findUserByReferralCode(db, organizationId, normaliseReferralCode(rawCode));
  if (!referrer || referrer.user_id === newUserId) return;
  const [friend, owner] = await Promise.all([findUserById(db, newUserId), findUserById(db, referrer.user_id)]);
  if (!friend || !owner || sameMailbox(friend.email, owner.email)) return;
  await repo.insertReferredUser(db, newUserId, organizationId, referrer.user_id);
}
