import type { Db } from '../db/connection.ts';
import { payReferralWhenActive } from '../rewards/referral.payout.ts';
import { findEntryByKey } from './ledger.repository.ts';
import { apply, type LedgerChange, type LedgerResult } from './ledger.write.ts';

// The public face of the only writer of `points` and `lifetime_points` (./ledger.write.ts).
export { InsufficientPointsError } from '../errors.ts';
export type { LedgerChange, LedgerResult } from './ledger.write.ts';

/**
 * Adds points: both the spendable balance and the lifetime total (which sets the rank). Whatever
 * the supporter earned it for, a new award may make a referred supporter active, which pays their
 * referrer (once, keyed `referral:<id>`): checked here so that every way of earning counts.
 */
export async function award(db: Db, change: LedgerChange): Promise<LedgerResult> {
  const result = await apply(db, change, 1);
  if (!result.replayed) await payReferralWhenActive(db, change.userId, result.earner?.referred_by ?? null);
  return result;
}

/** Takes spendable points; the lifetime total (and so the rank) never goes down. */
export function spend(db: Db, change: LedgerChange): Promise<LedgerResult> {
  return apply(db, change, -1);
}

/**
 * Takes back an earlier award that the rules have withdrawn (a quiz answer changed from right to wrong:
 * the spec subtracts the points it had earned). It writes one row of minus exactly the award's amount,
 * with the award's kind and reference (so the history names the same challenge) under its own
 * idempotency key: a repeat with that key changes nothing, and the award's own key stays used, so the
 * award itself is never paid twice. Unlike a spend it lowers `lifetime_points` too: the award raised
 * them, and flipping an answer back and forth must not earn a rank. It never takes the spendable balance
 * below zero: when the points have been spent since, it throws InsufficientPointsError and changes nothing.
 */
export async function reverse(db: Db, { userId, awardKey, idempotencyKey }: { userId: string; awardKey: string; idempotencyKey: string }): Promise<LedgerResult> {
  const awarded = await findEntryByKey(db, userId, awardKey);
  if (!awarded || Number(awarded.amount) <= 0) throw new Error(`No award with the key ${awardKey} to take back`);
  return apply(db, { userId, amount: Number(awarded.amount), kind: awarded.kind, reference: awarded.reference, idempotencyKey }, 'reverse', awarded.created_at);
}

/**
 * Gives back an earlier spend (a cancelled sweepstake's entry): one row of plus exactly the spend's amount,
 * with the spend's reference, under its own idempotency key, so a repeat changes nothing and a spend is
 * refunded at most once per key. Like the spend it mirrors, it moves the spendable balance only: the
 * spend never lowered `lifetime_points`, so the refund does not raise them (no rank is earned by it).
 */
export async function refund(db: Db, { userId, spendKey, kind, idempotencyKey }: { userId: string; spendKey: string; kind: string; idempotencyKey: string }): Promise<LedgerResult> {
  const spent = await findEntryByKey(db, userId, spendKey);
  if (!spent || Number(spent.amount) >= 0) throw new Error(`No spend with the key ${spendKey} to refund`);
  return apply(db, { userId, amount: -Number(spent.amount), kind, reference: spent.reference, idempotencyKey }, 'refund');
}
