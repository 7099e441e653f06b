import type { Db } from '../db/connection.ts';
import { payReferralWhenActive } from '../rewards/referral.payout.ts';
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
  if (!result.replayed) await payReferralWhenActive(db, change.userId);
  return result;
}

/** Takes spendable points; the lifetime total (and so the rank) never goes down. */
export function spend(db: Db, change: LedgerChange): Promise<LedgerResult> {
  return apply(db, change, -1);
}
