import type { Db } from '../db/connection.ts';
import { award, InsufficientPointsError, reverse, type LedgerResult } from '../ledger/ledger.ts';
import { listEntriesFor } from '../ledger/ledger.repository.ts';
import { ChallengeSubmissionError } from '../errors.ts';
import { CHALLENGE_KIND } from './challenge-kind.ts';

/**
 * One award per supporter and challenge, whatever earned it (a poll vote, a keyword, feedback, a completed
 * quiz, an arcade score, a correct pick once the outcome is set) and however often it is retried. Existing
 * databases hold rows with exactly this key, so its format never changes.
 */
const awardKey = (challengeId: string) => `challenge:${challengeId}`;

/**
 * The key under which an award is taken back. A quiz answer's award (`challenge:<id>:<question>:<n>`, n odd) is
 * taken back under the quiz's own next key, whoever takes it back (the quiz's rules when the answer turns wrong,
 * or the club): so the two never both take back one award, and the quiz counts the club's reversal as its own.
 * Any other award is taken back under `otherwise`.
 */
export function reversalKeyOf(awardKeyOfEntry: string, otherwise: string): string {
  const quizAnswer = /^(challenge:[^:]+:[^:]+:)(\d+)$/.exec(awardKeyOfEntry);
  return quizAnswer && Number(quizAnswer[2]) % 2 === 1 ? `${quizAnswer[1]}${Number(quizAnswer[2]) + 1}` : otherwise;
}

export interface ChallengeAward {
  /** The points this call paid: 0 when nothing was due or the challenge had paid already; negative when a quiz answer's were taken back. */
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

/**
 * What a challenge holds in this supporter's balance: the sum of its entries (one award; for a quiz, its
 * answers' awards less what changed answers took back) and when the last was written; null when none.
 */
export async function findChallengeAward(db: Db, userId: string, challengeId: string): Promise<{ amount: number; created_at: string } | null> {
  const entries = await listEntriesFor(db, userId, CHALLENGE_KIND, challengeId);
  if (entries.length === 0) return null;
  return { amount: entries.reduce((sum, e) => sum + Number(e.amount), 0), created_at: entries.at(-1)!.created_at };
}

// A message key (src/shared/i18n/messages/{en,es}/api.ts): answered in the request's language.
const SPENT_SINCE = 'api.challenge.spentSince';

/**
 * A quiz pays when it is completed, what its final answers earn (before that a changed answer moves only
 * the score no one sees yet). Each question has its own run of keys,
 * `challenge:<id>:<questionId>:<n>` for n = 1, 2, 3…: an odd n awards the question's points, the even
 * n after it takes exactly that award back (ledger `reverse`). So the question holds its points when its
 * last n is odd, and every change is a new key: one entry per change, none for a repeat.
 * This brings every question of the quiz to what its answer now earns (`correct`): one entry per right
 * answer for a quiz completed now; a quiz that was paid per answer while in progress (as Terrace once did)
 * is settled from what it holds.
 * Run in the answer's transaction, with the user locked. Completed quizzes paid under `challenge:<id>` are
 * locked and never come here.
 */
export async function settleQuiz(
  trx: Db, { userId, challengeId, questions }: { userId: string; challengeId: string; questions: Array<{ questionId: string; points: number; correct: boolean }> },
): Promise<ChallengeAward> {
  const keys = (await listEntriesFor(trx, userId, CHALLENGE_KIND, challengeId)).map((e) => e.idempotency_key);
  let pointsAwarded = 0;
  let last: LedgerResult | null = null;
  for (const q of questions) {
    const prefix = `${awardKey(challengeId)}:${q.questionId}:`;
    const n = keys.filter((k) => k.startsWith(prefix) && /^\d+$/.test(k.slice(prefix.length))).length;
    const held = n % 2 === 1;
    if (q.correct && !held && q.points > 0) {
      last = await award(trx, { userId, amount: q.points, kind: CHALLENGE_KIND, reference: challengeId, idempotencyKey: `${prefix}${n + 1}` });
      if (!last.replayed) pointsAwarded += q.points;
    } else if (!q.correct && held) {
      last = await reverse(trx, { userId, awardKey: `${prefix}${n}`, idempotencyKey: `${prefix}${n + 1}` }).catch((error: unknown) => {
        if (error instanceof InsufficientPointsError) throw new ChallengeSubmissionError(SPENT_SINCE, error);
        throw error;
      });
      if (!last.replayed) pointsAwarded += Number(last.entry.amount);
    }
  }
  return { pointsAwarded, award: last };
}
