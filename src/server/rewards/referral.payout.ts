import type { Db } from '../db/connection.ts';
import { findEarningSpan, findEntryByKey, listEntryTimesOfKind } from '../ledger/ledger.repository.ts';
import { apply, inTransaction } from '../ledger/ledger.write.ts';
import { dateInTimeZone } from '../users/age.ts';
import { findUserById, lockUser } from '../users/user.repository.ts';
import { sameMailbox } from './mailbox.ts';
import { PASSIVE_KINDS, REFERRAL_KIND, referralKey } from './reward-kinds.ts';
import { loadRewardTerms } from './rewards.settings.ts';

/** A month and a day: enough to hold every entry of the current calendar month in any time zone. */
const MONTH_LOOKBACK_MS = 32 * 24 * 60 * 60_000;

/**
 * Earned points by their own doing (not a referral or birthday bonus) on two different days
 * (organization time zone).
 */
async function isActive(db: Db, userId: string, timeZone: string): Promise<boolean> {
  const span = await findEarningSpan(db, userId, PASSIVE_KINDS);
  if (!span?.first || !span.last) return false;
  return dateInTimeZone(new Date(String(span.first)), timeZone) !== dateInTimeZone(new Date(String(span.last)), timeZone);
}

async function referralAwardsThisMonth(db: Db, referrerId: string, timeZone: string, now: Date): Promise<number> {
  const month = dateInTimeZone(now, timeZone).slice(0, 7);
  const since = new Date(now.getTime() - MONTH_LOOKBACK_MS).toISOString();
  // A month's referral awards: a handful.
  const times = await listEntryTimesOfKind(db, referrerId, REFERRAL_KIND, since);
  return times.filter((at) => dateInTimeZone(new Date(at), timeZone).slice(0, 7) === month).length;
}

/**
 * Called by the ledger after every new award, with who referred `userId` (the award's write read it). When they were referred and are now active (signed in
 * and earning points on two different days), pays the referrer the organization's referralPoints, once
 * (ledger key `referral:<userId>`), unless the referrer is the same mailbox or has had the month's
 * `referralMonthlyCap` awards already; a referral held back by the cap pays on a later award in a
 * month with room.
 */
export async function payReferralWhenActive(db: Db, userId: string, referrerId: string | null, now = new Date()): Promise<void> {
  if (!referrerId || referrerId === userId) return;
  if (await findEntryByKey(db, referrerId, referralKey(userId))) return;
  await inTransaction(db, async (trx) => {
    // PostgreSQL: one referral payout per referrer at a time, so two friends turning active at once
    // cannot both fit under the cap. (A referrer is always older than the friend: no lock cycles.)
    await lockUser(trx, referrerId);
    if (await findEntryByKey(trx, referrerId, referralKey(userId))) return;
    const [user, referrer] = await Promise.all([findUserById(trx, userId), findUserById(trx, referrerId)]);
    if (!user || !referrer || referrer.organization_id !== user.organization_id) return;
    // A referrer the club has blocked earns nothing; the friend's next award after the unblock pays them.
    if (referrer.blocked_at) return;
    if (sameMailbox(user.email, referrer.email)) return;
    const terms = await loadRewardTerms(trx, user.organization_id);
    if (terms.referralPoints <= 0 || !(await isActive(trx, userId, terms.timeZone))) return;
    if ((await referralAwardsThisMonth(trx, referrerId, terms.timeZone, now)) >= terms.referralMonthlyCap) return;
    await apply(trx, {
      userId: referrerId, amount: terms.referralPoints, kind: REFERRAL_KIND, reference: userId, idempotencyKey: referralKey(userId),
    }, 1);
  });
}
