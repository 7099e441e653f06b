import type { Db } from '../db/connection.ts';
import { award, type LedgerResult } from '../ledger/ledger.ts';
import { findEntryByKey } from '../ledger/ledger.repository.ts';
import { CHALLENGE_KIND } from './challenge-kind.ts';

/**
 * One award per supporter and challenge, whatever earned it (a poll vote, a keyword, feedback, a completed
 * quiz, an arcade score, a correct pick once the outcome is set) and however often it is retried. Existing
 * databases hold rows with exactly this key, so its format never changes.
 */
const awardKey = (challengeId: string) => `challenge:${challengeId}`;

export interface ChallengeAward {
  /** The points this call paid: 0 when nothing was due or the challenge had paid already. */
  pointsAwarded: number;
  /** The ledger's result (its row holds the new balances); null when nothing was due. */
  award: LedgerResult | null;
}

/** The only way a challenge pays: kind `challenge`, reference the challenge's id, key `challenge:<id>`. */
export async function awardChallenge(
  trx: Db, { userId, challengeId, amount }: { userId: string; challengeId: string; amount: number },
): Promise<ChallengeAward> {
  if (amount <= 0) return { pointsAwarded: 0, award: null };
  const result = await award(trx, { userId, amount, kind: CHALLENGE_KIND, reference: challengeId, idempotencyKey: awardKey(challengeId) });
  return { pointsAwarded: result.replayed ? 0 : amount, award: result };
}

/** The challenge's award to this supporter, if it has paid. */
export function findChallengeAward(db: Db, userId: string, challengeId: string) {
  return findEntryByKey(db, userId, awardKey(challengeId));
}
