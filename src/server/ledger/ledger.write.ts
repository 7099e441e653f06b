import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { timeOrderedId } from '../db/time-ordered-id.ts';
import { AccountBlockedError, ApiError, InsufficientPointsError } from '../errors.ts';
import { countEarned } from '../leaderboards/leaderboard.earnings.ts';
import { countLedgerChange } from '../observe/metrics.ts';
import { noteSupporterChanged } from '../versions/changes.ts';
import * as repo from './ledger.repository.ts';
import type { LedgerEntryTable } from './ledger.table.ts';

/** The one writer of `points` and `lifetime_points`; callers use ./ledger.ts (award, spend). */

export interface LedgerChange {
  userId: string;
  /** Positive. */
  amount: number;
  kind: string;
  reference?: string | null;
  /** The natural key of the action (e.g. `checkin:2026-11-22`): a repeat changes nothing. */
  idempotencyKey: string;
}

export interface LedgerResult {
  entry: LedgerEntryTable;
  /** True when the key had been used before: nothing changed this time. */
  replayed: boolean;
  /** The supporter, as the write read them (not on a replay): for the ledger's hooks. */
  earner?: repo.Earner;
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`Ledger amounts are positive integers, got ${amount}`);
}

/** Runs in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * What a change does to the balances: `1` awards (both up), `-1` spends (the spendable balance only, so a
 * spend never costs a rank), `'reverse'` takes an award back (both down, see ./ledger.ts `reverse`),
 * `'refund'` gives a spend back (the spendable balance only, see ./ledger.ts `refund`).
 * Whatever takes points never takes the spendable balance below zero.
 * A supporter the club has blocked neither earns nor spends (AccountBlockedError, 403); the club's own
 * corrections, a reversal and a refund, still apply, so the balance is right when the club unblocks them.
 */
export type Direction = 1 | -1 | 'reverse' | 'refund';

/** What each direction does to the balances (../ledger.repository.ts `BalanceChange`), for an amount. */
const BALANCE_CHANGE: Record<`${Direction}`, (amount: number) => repo.BalanceChange> = {
  1: (amount) => ({ points: amount, lifetime: amount, blocked: false, covered: 0 }),
  [-1]: (amount) => ({ points: -amount, lifetime: 0, blocked: false, covered: amount }),
  reverse: (amount) => ({ points: -amount, lifetime: -amount, blocked: true, covered: amount }),
  refund: (amount) => ({ points: amount, lifetime: 0, blocked: true, covered: 0 }),
};

/** `awardedAt`: for a reversal, when the award it takes back was made (its leaderboards lose the points). */
export async function apply(db: Db, change: LedgerChange, direction: Direction, awardedAt?: string): Promise<LedgerResult> {
  assertAmount(change.amount);
  const sign = direction === 1 || direction === 'refund' ? 1 : -1;
  const write = () => inTransaction(db, async (trx): Promise<LedgerResult> => {
    const written = await repo.writeEntry(trx, {
      id: timeOrderedId(),
      user_id: change.userId,
      amount: sign * change.amount,
      kind: change.kind,
      reference: change.reference ?? null,
      idempotency_key: change.idempotencyKey,
      created_at: new Date().toISOString(),
    }, BALANCE_CHANGE[direction](change.amount));
    if (!written) {
      // The key was used before (by an earlier attempt, or one that committed while this one waited for the
      // supporter's row): a retry, not an overdraft. Else the change may not apply, and the supporter is told why.
      const earlier = await repo.findEntryByKey(trx, change.userId, change.idempotencyKey);
      if (earlier) return { entry: earlier, replayed: true };
      if ((direction === 1 || direction === -1) && await repo.isBlocked(trx, change.userId)) throw new AccountBlockedError();
      if (sign === -1) throw new InsufficientPointsError(change.amount);
      throw new ApiError('not_found', 'api.auth.supporterGone');
    }
    // Points earned move the leaderboards in this same transaction; a spend or a refund does not.
    const { entry, earner } = written;
    if (direction === 1 || direction === 'reverse') await countEarned(trx, { userId: change.userId, ...earner }, entry.amount, awardedAt ?? entry.created_at);
    return { entry, replayed: false, earner };
  });
  try {
    const result = await write();
    // Counted when written (inside a caller's transaction: when that one rolls back, the count stays).
    if (!result.replayed) {
      countLedgerChange(change.kind, change.amount, direction);
      noteSupporterChanged(change.userId);
    }
    return result;
  } catch (error) {
    // The same key won a race in another transaction, which rolled this one back: replay its result.
    if (!isUniqueViolation(error) || db.isTransaction) throw error;
    const winner = await repo.findEntryByKey(db, change.userId, change.idempotencyKey);
    if (!winner) throw error;
    return { entry: winner, replayed: true };
  }
}

